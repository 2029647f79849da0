/** The caller's language for error answers: `Accept-Language`, else Spanish (docs/api.md). */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@parroquia/domain';
import type { IncomingHttpHeaders } from 'node:http';

/** Longer headers are not a browser's; reading them would only cost time. */
const MAX_HEADER_LENGTH = 1024;

/**
 * The first supported language of the header by q-order (ties keep the header's order), matched
 * on the primary subtag (`en-GB` is `en`); Spanish when none is supported or there is no header.
 */
export function callerLanguage(headers: IncomingHttpHeaders): Language {
  const header = headers['accept-language'];
  if (typeof header !== 'string' || header.length > MAX_HEADER_LENGTH) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      // A malformed weight (`q=abc`) is NaN: that entry is dropped, not taken as first choice.
      const q = parameters.map((p) => /^\s*q\s*=(.*)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : q.trim() === '' ? Number.NaN : Number(q);
      return { primary: tag.trim().split('-')[0]!.toLowerCase(), weight, order };
    })
    .filter(({ weight }) => Number.isFinite(weight) && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked.map(({ primary }) => primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
