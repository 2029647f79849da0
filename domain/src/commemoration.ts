/**
 * The names a donor asks the parish to remember at the liturgy (issue 30, item 3;
 * docs/product.md, "Names remembered in prayer"): up to 20 first names, each living or departed,
 * and whether the donor's certificate prints them. Stored as `commemorations/{uid}`, read and
 * written only through the API.
 *
 * A name follows the rule of every name the site takes (`name-characters.ts`: invisible
 * characters trimmed off the ends, something visible left, no control or bidi characters
 * inside) with a shorter limit: 40 characters, room for the longest first names with a rank or
 * a second name ("Arhimandritul Bartolomeu", "María de los Ángeles") while twenty of them still
 * fit the certificate's one page and one line each of the priest's list.
 */
import * as z from 'zod/mini';
import { DOMAIN_MESSAGES, MESSAGES, type Language } from './messages';
import { hasLineControls, isBlankName, trimInvisible, visibleText } from './name-characters';
import { effectiveCell, type Cell } from './cell';
import { csvFile } from './csv';
import { isRecord } from './validation';

export const COMMEMORATION_STATES = ['living', 'departed'] as const;
export type CommemorationState = (typeof COMMEMORATION_STATES)[number];

/** How many names one donor may give. */
export const MAX_COMMEMORATION_NAMES = 20;
/** A first name's length once trimmed (UTF-16 units, as the donor name's 120). */
export const COMMEMORATION_NAME_MAX_LENGTH = 30;

export interface CommemorationName {
  name: string;
  state: CommemorationState;
}

/** A donor's list as stored and answered. */
export interface Commemorations {
  names: CommemorationName[];
  /** The donor's certificate prints the names (the donor's choice; off unless ticked). */
  on_certificate: boolean;
}

/** No document yet: no names, nothing printed. */
export const NO_COMMEMORATIONS: Commemorations = { names: [], on_certificate: false };

/** What the donor sends: the whole list, which replaces the stored one. */
export interface CommemorationsBody {
  names: Array<{ name: string; state: CommemorationState }>;
  on_certificate: boolean;
}

export type CommemorationsCheck =
  { ok: true; value: Commemorations } | { ok: false; error: string; path: Array<string | number> };

/** One name by the name rule, the Spanish text of its refusal, or the trimmed name. */
function checkName(value: unknown): { ok: true; name: string } | { ok: false; error: string } {
  if (typeof value !== 'string') return { ok: false, error: MESSAGES.nameNotText };
  const name = trimInvisible(value);
  if (isBlankName(name)) return { ok: false, error: MESSAGES.nameEmpty };
  if (name.length > COMMEMORATION_NAME_MAX_LENGTH) {
    return { ok: false, error: MESSAGES.nameTooLong(COMMEMORATION_NAME_MAX_LENGTH) };
  }
  if (hasLineControls(name)) return { ok: false, error: MESSAGES.nameControlCharacters };
  return { ok: true, name };
}

const isState = (value: unknown): value is CommemorationState =>
  typeof value === 'string' && (COMMEMORATION_STATES as readonly string[]).includes(value);

/** "Nombre n.º 3: …": the entry a refusal is about, counted from 1 as the form shows them. */
const refusedEntry = (index: number, reason: string) =>
  MESSAGES.commemorationNameRefused(String(index + 1), reason);

/**
 * The donor's whole list checked: every name by the name rule, every state `living` or
 * `departed`, at most 20; the first problem names its entry (`path` as the API's `field`).
 */
export function validateCommemorations(input: unknown): CommemorationsCheck {
  if (!isRecord(input)) return { ok: false, error: MESSAGES.commemorationsNotList, path: [] };
  const { names, on_certificate: onCertificate } = input;
  if (!Array.isArray(names)) {
    return { ok: false, error: MESSAGES.commemorationsNotList, path: ['names'] };
  }
  if (names.length > MAX_COMMEMORATION_NAMES) {
    return {
      ok: false,
      error: MESSAGES.commemorationsTooMany(MAX_COMMEMORATION_NAMES),
      path: ['names'],
    };
  }
  const checked: CommemorationName[] = [];
  for (const [index, entry] of names.entries()) {
    if (!isRecord(entry)) {
      return {
        ok: false,
        error: refusedEntry(index, MESSAGES.commemorationsNotList),
        path: ['names', index],
      };
    }
    const name = checkName(entry.name);
    if (!name.ok) {
      return { ok: false, error: refusedEntry(index, name.error), path: ['names', index, 'name'] };
    }
    if (!isState(entry.state)) {
      return {
        ok: false,
        error: refusedEntry(index, MESSAGES.commemorationStateUnknown),
        path: ['names', index, 'state'],
      };
    }
    checked.push({ name: name.name, state: entry.state });
  }
  if (typeof onCertificate !== 'boolean') {
    return {
      ok: false,
      error: MESSAGES.commemorationOnCertificateNotBoolean,
      path: ['on_certificate'],
    };
  }
  return { ok: true, value: { names: checked, on_certificate: onCertificate } };
}

/**
 * `POST /api/users/commemorations/`: the rule above as the route's schema, its refusal at the
 * entry's path, so the API's 400 names the field (`names.2.name`) as well as the entry.
 */
export const commemorationsBodySchema = z.pipe(
  z.unknown(),
  z.transform((input: unknown, context) => {
    const outcome = validateCommemorations(input);
    if (outcome.ok) return outcome.value;
    context.issues.push({ code: 'custom', message: outcome.error, input, path: outcome.path });
    return z.NEVER;
  }),
) as unknown as z.core.$ZodType<Commemorations, CommemorationsBody>;

/** One name as the form checks it while typing, in the reader's language (or the trimmed name). */
export function checkCommemorationName(
  value: unknown,
  language: Language,
): { ok: true; name: string } | { ok: false; message: string } {
  const checked = checkName(value);
  if (checked.ok) return checked;
  const messages = DOMAIN_MESSAGES[language];
  const message =
    checked.error === MESSAGES.nameEmpty
      ? messages.nameEmpty
      : checked.error === MESSAGES.nameControlCharacters
        ? messages.nameControlCharacters
        : checked.error === MESSAGES.nameNotText
          ? messages.nameNotText
          : messages.nameTooLong(COMMEMORATION_NAME_MAX_LENGTH);
  return { ok: false, message };
}

/**
 * A stored document read back: what the rule accepts of it (the API wrote it by the rule; a
 * hand-edited entry that breaks it is left out rather than printed).
 */
export function readCommemorations(data: unknown): Commemorations {
  if (!isRecord(data)) return { ...NO_COMMEMORATIONS, names: [] };
  const names = Array.isArray(data.names) ? data.names : [];
  return {
    names: names.flatMap((entry): CommemorationName[] => {
      if (!isRecord(entry) || !isState(entry.state)) return [];
      const name = checkName(entry.name);
      return name.ok ? [{ name: name.name, state: entry.state }] : [];
    }),
    on_certificate: data.on_certificate === true,
  };
}

/** The names as printed (`visibleText`), the living first, each group in the donor's order. */
export function commemorationsByState(names: readonly CommemorationName[]): {
  living: string[];
  departed: string[];
} {
  const printed = (state: CommemorationState) =>
    names.filter((entry) => entry.state === state).map((entry) => visibleText(entry.name));
  return { living: printed('living'), departed: printed('departed') };
}

/** One donor's list as staff read it for the priest's list. */
export interface DonorCommemorations {
  uid: string;
  donorName: string;
  personalCode: string;
  names: CommemorationName[];
}

/**
 * The priest's list (the pomelnic): every donor's names, living and departed apart, first names
 * only. A parish's pomelnic is read aloud at the altar and names no benefactor beside their
 * family: the donor's name adds nothing the priest reads, and the paper lies where others see
 * it. Each donor's names stay together, in the order the donor gave them.
 */
export function priestList(donors: readonly DonorCommemorations[]): {
  living: string[];
  departed: string[];
} {
  const grouped = donors.map((donor) => commemorationsByState(donor.names));
  return {
    living: grouped.flatMap((group) => group.living),
    departed: grouped.flatMap((group) => group.departed),
  };
}

export const COMMEMORATIONS_CSV_HEADER = ['estado', 'nombre', 'donante', 'codigo_personal'];
const STATE_LABELS: Record<CommemorationState, string> = { living: 'vivo', departed: 'difunto' };

/**
 * The staff's copy as CSV: one row per name, the living first, with the donor who asked for it
 * (name and personal code), so staff can trace an entry back when a donor asks to change it.
 */
export function commemorationsCsv(donors: readonly DonorCommemorations[]): string {
  const rows = COMMEMORATION_STATES.flatMap((state) =>
    donors.flatMap((donor) =>
      donor.names
        .filter((entry) => entry.state === state)
        .map((entry) => [
          STATE_LABELS[state],
          visibleText(entry.name),
          donor.donorName,
          donor.personalCode,
        ]),
    ),
  );
  return csvFile(COMMEMORATIONS_CSV_HEADER, rows);
}

/** How many names a CSV or PDF of these donors carries (the staff action's `rows`). */
export const commemorationCount = (donors: readonly DonorCommemorations[]) =>
  donors.reduce((sum, donor) => sum + donor.names.length, 0);

/**
 * Who may give names for the priest to read at the altar (docs/product.md, "Names remembered in
 * prayer"): a donor whose gift stands, that is who holds at least one plot as the map shows it
 * now, bought or reserved (a reservation being completed is still theirs). An account that never
 * gave, or whose every gift was refunded or voided (the plots freed), has none: its names are
 * refused when saved and left out of what staff print and download, since the list is the
 * parish's thanks for a gift, read aloud in church, and free accounts cost nothing to make.
 */
export function hasStandingGift(
  cellsOfAccount: readonly Cell[],
  uid: string,
  now: number,
): boolean {
  return cellsOfAccount.some((stored) => {
    const cell = effectiveCell(stored, now);
    if (cell.user !== uid) return false;
    return (
      cell.status === 'bought' ||
      cell.status === 'reserved' ||
      (cell.status === 'held' && cell.hold?.kind === 'complete')
    );
  });
}
