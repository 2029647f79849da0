/**
 * Spanish law caps cash payments: a donor may give at most 999.99 EUR in cash per calendar month
 * (in Spain's time zone). The caller gathers the donor's cash donations of the month.
 */

export const CASH_LIMIT_CENTS_PER_MONTH = 99_999;
const SPAIN_TIME_ZONE = 'Europe/Madrid';

export type CashLimitCheck =
  | { ok: true; cashThisMonthCents: number; remainingAfterCents: number }
  | { ok: false; reason: 'over-cash-limit'; cashThisMonthCents: number; remainingCents: number };

/**
 * Whether a new cash donation of `amountCents` fits under the monthly limit, given the amounts
 * (in cents) of the donor's cash donations already recorded this month.
 */
export function checkCashLimit(
  cashThisMonthCents: readonly number[],
  amountCents: number,
): CashLimitCheck {
  for (const cents of [...cashThisMonthCents, amountCents]) {
    if (!Number.isInteger(cents) || cents < 0) {
      throw new RangeError(`An amount in cents is a whole number >= 0, not ${cents}`);
    }
  }
  const already = cashThisMonthCents.reduce((sum, cents) => sum + cents, 0);
  const remainingCents = Math.max(0, CASH_LIMIT_CENTS_PER_MONTH - already);
  if (amountCents > remainingCents) {
    return { ok: false, reason: 'over-cash-limit', cashThisMonthCents: already, remainingCents };
  }
  return {
    ok: true,
    cashThisMonthCents: already,
    remainingAfterCents: remainingCents - amountCents,
  };
}

/** The calendar month of an instant in Spain, as `YYYY-MM`, to group cash donations. */
export function spanishMonthOf(epochMillis: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SPAIN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date(epochMillis));
  const year = parts.find((part) => part.type === 'year')?.value;
  const month = parts.find((part) => part.type === 'month')?.value;
  return `${year}-${month}`;
}

/**
 * Who the cash limit counts as one person: accounts and mailboxes (`mailboxKey`) tied together
 * by an account's own address and the certificates linked to it (docs/product.md, "Money").
 */
export interface CashPerson {
  uids: readonly string[];
  mailboxes: readonly string[];
}

/** A cash or transfer entry of the ledger as the limit reads it. */
export interface CashEntry {
  id: string;
  donor: string | null;
  donor_key: string;
  method: string;
  month: string;
  amount_cents: number;
  /** A void names the gift it undoes: a voided cash gift counts for nothing. */
  refund_of?: string | null;
}

/** The person's cash gifts of `month`, in cents (each entry once, whichever key matched it). */
export function personCashOfMonth(
  entries: readonly CashEntry[],
  person: CashPerson,
  month: string,
): number[] {
  const undone = new Set(entries.flatMap((entry) => (entry.refund_of ? [entry.refund_of] : [])));
  return entries
    .filter(
      (entry) =>
        entry.method === 'cash' &&
        !undone.has(entry.id) &&
        entry.month === month &&
        entry.amount_cents > 0 &&
        ((entry.donor !== null && person.uids.includes(entry.donor)) ||
          person.mailboxes.includes(entry.donor_key)),
    )
    .map((entry) => entry.amount_cents);
}

/**
 * Linking a certificate joins its mailbox, and every gift registered for it, to the account's
 * person (cash or not: a transfer's code ties the mailbox to the account all the same). Allowed
 * only while that person's cash stays within the limit in every month: `entries` are the joined
 * person's, the linked gift included.
 */
export function checkCashOnLink(
  entries: readonly CashEntry[],
  person: CashPerson,
): { ok: true } | { ok: false; month: string; cashCents: number } {
  const months = new Set(entries.map((entry) => entry.month));
  for (const month of [...months].sort()) {
    const cashCents = personCashOfMonth(entries, person, month).reduce((a, b) => a + b, 0);
    if (cashCents > CASH_LIMIT_CENTS_PER_MONTH) return { ok: false, month, cashCents };
  }
  return { ok: true };
}
