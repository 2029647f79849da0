/**
 * The names under which the query cache (`query-client.ts`) keeps the API's answers, in one place
 * so that a write can name what it makes stale. Whatever is asked with someone's ID token is
 * kept under `['account', uid]`: one account's answers are never shown to another, and signing
 * out forgets them all at once (`app/provider.tsx`).
 */
import type { LedgerFilterQuery } from '@parroquia/domain';

/** The signed-in account's uid, which keys every answer asked with its token. */
// Shaped like `Session` (`lib/session.tsx`) without importing it: the session keys its donor
// record here.
export function accountUid(session: { status: string; account?: { uid: string } }): string | null {
  return session.status === 'signed-in' ? (session.account?.uid ?? null) : null;
}

const account = (uid: string | null) => ['account', uid] as const;
const staff = (uid: string | null) => [...account(uid), 'staff'] as const;

export const queryKeys = {
  /** Public: the home page's figures, read from Firestore without a token. */
  campaignProgress: () => ['campaign-progress'] as const,
  /** Public: /verificar/:code. */
  certificate: (code: string) => ['certificate', code] as const,
  /** Public: a payment link's page, by its token. */
  paymentLink: (token: string) => ['payment-link', token] as const,
  /** Every account's answers (forgotten on sign-out). */
  accounts: () => ['account'] as const,
  /** One account's answers (forgotten once it is erased). */
  account,
  /** What staff see: a correction makes all of it stale. */
  staff,
  /** The account's donor record (`session.tsx`): stale after any write to the account. */
  donorRecord: (uid: string | null) => [...account(uid), 'donor-record'] as const,
  donationHistory: (uid: string | null) => [...account(uid), 'donations'] as const,
  commemorations: (uid: string | null) => [...account(uid), 'commemorations'] as const,
  checkoutOutcome: (uid: string | null, sessionId: string) =>
    [...account(uid), 'checkout', sessionId] as const,
  reservations: (uid: string | null) => [...staff(uid), 'reservations'] as const,
  ledger: (uid: string | null, filter: LedgerFilterQuery) =>
    [...staff(uid), 'ledger', filter] as const,
  staffActions: (uid: string | null, kind: string) => [...staff(uid), 'actions', kind] as const,
  donorSearch: (uid: string | null, q: string) => [...staff(uid), 'donor-search', q] as const,
  donorPage: (uid: string | null, id: string) => [...staff(uid), 'donor', id, 'page'] as const,
  donorCommemorations: (uid: string | null, id: string) =>
    [...staff(uid), 'donor', id, 'commemorations'] as const,
};
