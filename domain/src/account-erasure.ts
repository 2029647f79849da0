/**
 * A donor's right to erasure (GDPR art. 17; docs/product.md, "Leaving: what goes and what
 * stays"). The account and its profile go; the ledger's rows stay, as Spanish accounting law keeps
 * them six years (Código de Comercio art. 30), with the donor's name and e-mail blocked (LOPDGDD
 * art. 32): moved out of the rows into a staff-only document, the rows marked erased.
 */
import { searchWord } from './ledger-query';

/**
 * How recent the sign-in must be to erase an account: the web asks for the password (or the
 * provider's popup) again just before, so a phone left unlocked, or a stolen session, cannot
 * erase someone's account.
 */
export const ERASURE_SIGN_IN_MAX_AGE_MS = 5 * 60 * 1000;

/** `authTime`: the token's `auth_time`, in epoch milliseconds; null when it carries none. */
export function isFreshSignIn(authTime: number | null | undefined, now: number): boolean {
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) return false;
  // A minute of clock skew in the future is tolerated, as Firebase does for `iat`.
  return authTime <= now + 60_000 && now - authTime <= ERASURE_SIGN_IN_MAX_AGE_MS;
}

/** What an erased row keeps to be found by staff: its plots and its certificate's code. */
export function erasedSearchWords(cells: readonly string[], certificateCode?: string): string[] {
  const words = [
    ...cells.map((plot) => searchWord(plot)),
    ...(certificateCode ? [searchWord(certificateCode)] : []),
  ].filter((word) => word !== '');
  return [...new Set(words)];
}

/**
 * The identifying fields of a ledger row once its donor erased the account. `donor` (an
 * account id that no longer names anyone) and `donor_key` stay: the cash limit (docs/product.md,
 * "Money") counts the person's cash of a month by it, a legal duty erasure must not undo.
 */
export function erasedLedgerFields(row: { cells: readonly string[]; certificate_code?: string }) {
  return {
    donor_name: '',
    donor_email: '',
    search: erasedSearchWords(row.cells, row.certificate_code),
  };
}
