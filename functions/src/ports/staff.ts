/**
 * What staff do beyond registering certificates: the back office's money operations, the
 * donors' pages and refunds, and the record of every staff action.
 */
import type {
  DonorFound,
  DonorPageView,
  DonorSearch,
  PersonRef,
  RefundRequest,
  StaffRefundAsked,
  CompletionRequest,
  ReservationChange,
  ReservationChangeRequest,
  ReservationView,
  VoidRequest,
  FilledCertificateOutcome,
  StaffActionsPage,
  StaffActionView,
  RecorderNames,
} from '@parroquia/domain';

/** `staff_actions`, the record of what staff did (issue 32 part 7), and what adds to it alone. */
export interface StaffActionLog {
  /** One page, newest first; null when the cursor names no action. */
  list(
    page: StaffActionsPage,
    size: number,
  ): Promise<{ actions: StaffActionView[]; nextCursor: string | null } | null>;
  /** Staff members by uid, named as Auth knows them now (who recorded each exported row). */
  staffNames(uids: readonly string[]): Promise<RecorderNames>;
  /** The ledger exported as CSV: its query and row count, recorded. */
  recordExport(
    query: Record<string, string>,
    rows: number,
    staffUid: string,
    now: number,
  ): Promise<void>;
  /** A registration's certificate to print filled in, and its printing recorded, together. */
  printFilled(code: string, staffUid: string, now: number): Promise<FilledCertificateOutcome>;
  /** A donor's page opened or the donors searched: who or what, and how many people it showed. */
  recordLookup(
    kind: 'view-donor' | 'search-donors',
    query: Record<string, string>,
    rows: number,
    staffUid: string,
    now: number,
  ): Promise<void>;
}

export type BackOfficeOutcome =
  { ok: true; plots: string[]; amountCents: number } | { ok: false; message: string };

/** Each method one Firestore transaction, decided by the money core (back-office.ts). */
export interface BackOfficeStore {
  /** Every reservation, soonest deadline first. */
  listReservations(now: number): Promise<ReservationView[]>;
  /** The rest paid at the parish: the plots bought, a ledger row per plot. */
  completeReservations(
    request: CompletionRequest,
    staffUid: string,
    now: number,
  ): Promise<BackOfficeOutcome>;
  changeReservations(
    request: ReservationChangeRequest,
    change: ReservationChange,
    staffUid: string,
    now: number,
  ): Promise<BackOfficeOutcome>;
  voidDonation(request: VoidRequest, staffUid: string, now: number): Promise<BackOfficeOutcome>;
}

/** A refund staff asked for, checked: Stripe is asked next, then `record` writes the action. */
export type StaffRefundCheck =
  | { ok: false; message: string }
  | { ok: true; asked: StaffRefundAsked; record(stripeRefund: string): Promise<void> };

export interface StaffDonorStore {
  /** At most 20 people, accounts first. */
  search(search: DonorSearch): Promise<DonorFound[]>;
  /** The person's page; null when nobody is known by that id. */
  page(person: PersonRef, now: number): Promise<DonorPageView | null>;
  /** Reads the gift and what was refunded in one transaction and asks the money core. */
  checkRefund(request: RefundRequest, staffUid: string, now: number): Promise<StaffRefundCheck>;
}
