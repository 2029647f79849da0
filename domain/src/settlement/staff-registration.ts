/**
 * Staff registering a cash or transfer gift with its physical certificate (docs/api.md): the
 * plots, the ledger row and the code together, or a refusal that changes nothing.
 */
import type { CashEntry, CashPerson } from '../cash-limit';
import { personCashOfMonth, spanishMonthOf } from '../cash-limit';
import type { CellWithId } from '../cell-document';
import type { CertificateCodeStatus } from '../certificate-code';
import { donorDisplay } from '../donor';
import { paymentReceipt } from '../donor-mail';
import { donationEntry } from '../ledger';
import { mailboxKey } from '../person-email';
import type { PhysicalCertificateRegistration } from '../physical-certificate';
import {
  planPhysicalRegistration,
  type RegistrationPlan,
  type RegistrationRefusal,
} from '../physical-registration';
import { renamedPlots } from '../donor-plots';
import { decided, type CellMove, type Decision, type MailOrder } from './decision';
import { mailAddressOf, type DonorOnRecord } from './donor-record';

/** The person the cash limit counts, and their ledger rows (every month). */
export interface CashReading {
  person: CashPerson;
  entries: readonly CashEntry[];
}

export interface StaffRegistrationFacts {
  registration: PhysicalCertificateRegistration;
  /** Each requested plot's stored cell by plot code; absent when the layout has no such plot. */
  cells: ReadonlyMap<string, CellWithId>;
  /** null when no such code was ever generated. */
  certificateStatus: CertificateCodeStatus | null;
  /**
   * The account stored with the e-mail typed, proven or not (`verified`), null: none. The gift
   * goes to it only when its address is proven; otherwise it waits on the code, as for a donor
   * without an account (docs/product.md, "What an unverified account receives").
   */
  donor: DonorOnRecord | null;
  /**
   * Some account, proven or not, stands for the e-mail's mailbox (its own address, another
   * spelling of it, or a certificate it linked): a gift that waits shows no name until linked.
   */
  mailboxHasAccount: boolean;
  /** The person's cash (read for every registration; only cash counts). */
  cash: CashReading;
  /** Every plot of `donor` when it is proven (renamed when the account becomes anonymous). */
  donorCells: readonly CellWithId[];
  staffUid: string;
  /** The id of the new ledger row. */
  ledgerId: string;
  /** The id of the staff action that records it. */
  actionId: string;
  /** The site's address, for the receipt's link to the map. */
  siteUrl: string;
  now: number;
}

/** The receipt of a registration is `mail/{id}`, by its ledger row: one per registration. */
export const registrationReceiptMailId = (ledgerId: string) => `receipt-${ledgerId}`;

/** Of the accounts stored with one e-mail, the one whose address is proven, else any (or none). */
export function accountOfEmail(accounts: readonly DonorOnRecord[]): DonorOnRecord | null {
  return accounts.find((account) => account.verified) ?? accounts[0] ?? null;
}

/** A plot as a staff action's record shows it. */
export const plotState = (cell: CellWithId) => ({
  plot: cell.id,
  status: cell.status,
  user: cell.user,
  reserved_until: cell.reserved_until,
});

export function decideStaffRegistration(
  facts: StaffRegistrationFacts,
): Decision<RegistrationPlan | RegistrationRefusal> {
  const { registration, now } = facts;
  // No squatting: an account that has not proven the address typed gets nothing of it.
  const donor = facts.donor?.verified ? facts.donor : null;
  const month = spanishMonthOf(now);
  const plan = planPhysicalRegistration(
    registration,
    {
      cells: facts.cells,
      certificateStatus: facts.certificateStatus,
      donor,
      mailboxHasAccount: donor === null && facts.mailboxHasAccount,
      cashThisMonthCents: personCashOfMonth(facts.cash.entries, facts.cash.person, month),
    },
    now,
  );
  if (!plan.ok) return decided(plan);

  const cells: CellMove[] = plan.cells.map((cell) => ({
    before: facts.cells.get(cell.id) ?? null,
    after: cell,
  }));
  const registered = new Set(plan.cells.map((cell) => cell.id));
  if (donor && plan.donorBecomesAnonymous) {
    // Staff ticking "stay anonymous" makes the account anonymous: its other plots too.
    const display = donorDisplay({ ...donor, is_anonymous_donor: true });
    for (const cell of renamedPlots(facts.donorCells, donor.uid, display, now)) {
      if (!registered.has(cell.id)) {
        cells.push({ before: facts.donorCells.find((c) => c.id === cell.id)!, after: cell });
      }
    }
  }
  const entry = donationEntry({
    method: registration.method,
    kind: plan.kind,
    donor: {
      uid: plan.donorUid,
      email: registration.email,
      name: donor?.name || registration.name,
    },
    plots: plan.cells.map((cell) => cell.id),
    amountCents: plan.amountCents,
    at: now,
    recordedBy: facts.staffUid,
  });
  return decided(plan, {
    cells,
    ledger: [{ id: facts.ledgerId, entry, certificate_code: registration.code }],
    // The receipt, as a card payment's, in the account's language: only to an account whose
    // address is proven, as every e-mail (docs/architecture.md, "Whose address is proven"). A
    // donor without one gets the gift when they link the code or sign up with that address.
    mails: receiptTo(donor, {
      id: registrationReceiptMailId(facts.ledgerId),
      kind: plan.kind,
      plots: entry.cells,
      amountCents: plan.amountCents,
      reservedUntil: plan.cells[0]?.reserved_until ?? null,
      siteUrl: facts.siteUrl,
    }),
    // `registered` (no account yet) waits on the code and the e-mail: a link (by code) or the
    // donor's first sign-in (by verified e-mail) sets `user` on it, its plots and its row.
    codes: [
      {
        code: registration.code,
        fields: {
          status: plan.donorUid ? 'linked' : 'registered',
          user: plan.donorUid,
          email: registration.email,
          mailbox: mailboxKey(registration.email),
          name: registration.name,
          is_anonymous_donor: registration.is_anonymous_donor,
          plots: entry.cells,
          reserve: plan.kind === 'reserve',
          method: registration.method,
          donation_id: facts.ledgerId,
          registered_at: now,
          registered_by: facts.staffUid,
          ...(plan.donorUid ? { linked_at: now } : {}),
        },
      },
    ],
    actions: [
      {
        id: facts.actionId,
        action: 'register',
        staff: facts.staffUid,
        at: now,
        reason: null,
        plots: entry.cells,
        donations: [facts.ledgerId],
        before: cells
          .filter(({ after }) => registered.has(after.id))
          .map(({ before, after }) => plotState(before ?? after)),
        after: cells
          .filter(({ after }) => registered.has(after.id))
          .map(({ after }) => plotState(after)),
      },
    ],
    accounts:
      donor && plan.donorBecomesAnonymous
        ? [{ uid: donor.uid, becomesAnonymous: true, addMailboxes: [], at: now }]
        : [],
  });
}

function receiptTo(
  donor: DonorOnRecord | null,
  gift: {
    id: string;
    kind: 'buy' | 'reserve';
    plots: readonly string[];
    amountCents: number;
    reservedUntil: number | null;
    siteUrl: string;
  },
): MailOrder[] {
  const to = mailAddressOf(donor);
  if (!donor || !to) return [];
  const { id, ...receipt } = gift;
  return [
    { id, to, message: paymentReceipt({ ...receipt, language: donor.language, name: donor.name }) },
  ];
}
