/**
 * What a staff search for a donor may be (issue 32, part 3; docs/screens.md, /staff/donantes):
 * the words a name is found by, and who a donor's page is about.
 */
import { MESSAGES } from './messages';
import { mailboxKey } from './person-email';
import { isPlotCode } from './plot-code';
import { invalid, isRecord, valid, type Validation } from './validation';

/** Longest prefix of a word stored to find a name by: longer typed words match on it. */
export const NAME_PREFIX_MAX = 20;
const SEARCH_MIN = 2;
const SEARCH_MAX = 100;

/** Lower case, accents gone, words of letters and digits: `María-José` -> `maria`, `jose`. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * `users.name_search`: every prefix of every word of the name (up to NAME_PREFIX_MAX letters),
 * so one `array-contains` finds `Mar` in `María José Pop` whatever the case or accents.
 */
export function nameSearchPrefixes(name: string): string[] {
  const prefixes = new Set<string>();
  for (const word of nameWords(name)) {
    const letters = [...word].slice(0, NAME_PREFIX_MAX);
    for (let end = 1; end <= letters.length; end++) prefixes.add(letters.slice(0, end).join(''));
  }
  return [...prefixes];
}

/** Each typed word starts a word of the name (case and accents aside). */
export function nameMatches(name: string, typed: readonly string[]): boolean {
  const words = nameWords(name);
  return typed.every((part) => words.some((word) => word.startsWith(part)));
}

/** What a search may find: by name, e-mail, personal or certificate code, or plot. */
export interface DonorSearch {
  /** The typed words for a name search (none when the text cannot be a name). */
  words: string[];
  /** The mailbox key of a typed address. */
  mailbox: string | null;
  email: string | null;
  /** A personal or certificate code (8 letters and digits), upper case. */
  code: string | null;
  plot: string | null;
}

export function validateDonorSearch(query: unknown): Validation<DonorSearch> {
  const raw = isRecord(query) && typeof query.q === 'string' ? query.q : '';
  const text = raw.replace(/\s+/g, ' ').trim();
  if ([...text].length < SEARCH_MIN || [...text].length > SEARCH_MAX) {
    return invalid(MESSAGES.donorSearchInvalid);
  }
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return valid({ words: [], mailbox: mailboxKey(email), email, code: null, plot: null });
  }
  const upper = text.toUpperCase();
  const words = nameWords(text).map((word) => [...word].slice(0, NAME_PREFIX_MAX).join(''));
  if (words.length === 0) return invalid(MESSAGES.donorSearchInvalid);
  return valid({
    words,
    mailbox: null,
    email: null,
    code: /^[A-Z0-9]{8}$/.test(upper) ? upper : null,
    plot: isPlotCode(upper) ? upper : null,
  });
}

/**
 * Who a donor's page is about: an account (its uid), or a person without one yet, known by the
 * address staff registered them with (`email:` and the address).
 */
export type PersonRef = { kind: 'account'; uid: string } | { kind: 'mailbox'; email: string };

const UID = /^[A-Za-z0-9_-]{1,128}$/;

export function personIdOf(person: PersonRef): string {
  return person.kind === 'account' ? person.uid : `email:${person.email}`;
}

export function validatePersonId(query: unknown): Validation<PersonRef> {
  const id = isRecord(query) && typeof query.id === 'string' ? query.id.trim() : '';
  if (id.startsWith('email:')) {
    const email = id.slice('email:'.length).toLowerCase();
    return email.includes('@') && email.length <= 254
      ? valid({ kind: 'mailbox', email })
      : invalid(MESSAGES.donorUnknown);
  }
  return UID.test(id) ? valid({ kind: 'account', uid: id }) : invalid(MESSAGES.donorUnknown);
}
