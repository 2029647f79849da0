/**
 * Error texts in the caller's language, at the API's edge. Every layer (domain rules, zod
 * schemas, handlers) throws the Spanish text of a catalogue; the answer looks that text up and
 * renders the same entry, with the same values, in the caller's language. The domain stays free
 * of who is asking, and the web, which shows the domain's Spanish texts itself, is unchanged.
 *
 * A text with values (`plotUnknown('Z9')`) is found by its Spanish template, built once by
 * calling the entry with markers for its values. A value that is itself a catalogue text (the
 * schema message inside `invalidField`) is translated too. A text no catalogue has (say, one
 * added in Spanish only) is answered as it is.
 */
import { DOMAIN_MESSAGES, type Language, type MessageText } from '@parroquia/domain';
import { API_MESSAGES_BY_LANGUAGE } from './messages';

type Catalogue = Readonly<Record<string, MessageText>>;
type Render = (...values: string[]) => string;

interface Entry {
  /** The catalogue's key: the answer's machine-readable `code`. */
  code: string;
  texts: Readonly<Record<Language, MessageText>>;
}

interface TemplateEntry extends Entry {
  pattern: RegExp;
}

const CATALOGUES: ReadonlyArray<Readonly<Record<Language, Catalogue>>> = [
  DOMAIN_MESSAGES,
  API_MESSAGES_BY_LANGUAGE,
];

const marker = (index: number) => `\u0000${index}\u0000`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function entriesOf(catalogues: Readonly<Record<Language, Catalogue>>) {
  return Object.keys(catalogues.es).map((key) => ({
    code: key,
    spanish: catalogues.es[key]!,
    texts: { es: catalogues.es[key]!, en: catalogues.en[key]!, ro: catalogues.ro[key]! },
  }));
}

const exact = new Map<string, Entry>();
const templates: TemplateEntry[] = [];
for (const { code, spanish, texts } of CATALOGUES.flatMap(entriesOf)) {
  if (typeof spanish === 'string') {
    // The first catalogue's entry wins a text two share (the domain's, then the API's).
    if (!exact.has(spanish)) exact.set(spanish, { code, texts });
    continue;
  }
  const markers = Array.from({ length: spanish.length }, (_, index) => marker(index));
  const template = escapeRegExp((spanish as Render)(...markers));
  const source = markers.reduce((text, m) => text.replace(m, '([\\s\\S]*?)'), template);
  templates.push({ pattern: new RegExp(`^${source}$`), code, texts });
}

/** The text no catalogue has: its answer's `code`. */
export const UNKNOWN_MESSAGE_CODE = 'unknown';

/** An input of the wrong shape, refused in zod's own words (no catalogue's): its `code`. */
export const INVALID_INPUT_CODE = 'invalidInput';

/**
 * The catalogue key of a Spanish text (with values or not), the code screens decide by
 * (docs/api.md, "Errors"); `unknown` for a text no catalogue has.
 */
export function messageCode(spanish: string): string {
  const known = exact.get(spanish);
  if (known) return known.code;
  return templates.find(({ pattern }) => pattern.test(spanish))?.code ?? UNKNOWN_MESSAGE_CODE;
}

/** `spanish` in `language`: the same catalogue entry with the same values, or `spanish` itself. */
export function translate(spanish: string, language: Language): string {
  if (language === 'es') return spanish;
  const known = exact.get(spanish);
  if (known) return known.texts[language] as string;
  for (const { pattern, texts } of templates) {
    const values = pattern.exec(spanish)?.slice(1);
    if (values) {
      return (texts[language] as Render)(...values.map((value) => translate(value, language)));
    }
  }
  return spanish;
}
