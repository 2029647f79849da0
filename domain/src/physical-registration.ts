/**
 * What registering a physical certificate does (docs/api.md, issue 11): the plots become the
 * donor's (bought, or reserved for 30 days) only if every one is available, the certificate code
 * must be a fresh one, and cash stays under the monthly limit. The caller gathers the facts
 * inside one Firestore transaction and stores the plan this answers.
 */
import { checkCashLimit } from './cash-limit';
import { RESERVATION_DURATION_MS, availableCell, effectiveCell, type Cell } from './cell';
import type { CertificateCodeStatus } from './certificate-code';
import type { CellWithId } from './cell-document';
import { donorDisplay, type DonorIdentity } from './donor';
import { MESSAGES } from './messages';
import { checkoutTotalCents, formatEuroCents } from './money';
import type { PhysicalCertificateRegistration } from './physical-certificate';
import { formatPlotCode } from './plot-code';

/** A registered user, as far as the map needs them. */
export interface RegisteredDonor extends DonorIdentity {
  uid: string;
}

export interface RegistrationFacts {
  /** Each requested plot's stored cell by plot code; absent when the layout has no such plot. */
  cells: ReadonlyMap<string, Cell>;
  /** null when no such code was ever generated; only `unassigned` codes can be registered. */
  certificateStatus: CertificateCodeStatus | null;
  /** The user with the registration's e-mail, or null when that donor has not signed up yet. */
  donor: RegisteredDonor | null;
  /**
   * Some account stands for the e-mail's mailbox, though not `donor`: under another spelling (a
   * Gmail alias), or an account with that very address never proven (docs/product.md). The
   * plots wait for that person, who may be anonymous, so they show no name until linked.
   */
  mailboxHasAccount?: boolean;
  /** The donor's cash donations of this Spanish month, in cents (by e-mail and by account). */
  cashThisMonthCents: readonly number[];
}

export type RegistrationRefusalReason =
  | 'certificate-code-unknown'
  | 'certificate-code-used'
  | 'plot-unknown'
  | 'plot-not-available'
  | 'over-cash-limit';

export interface RegistrationRefusal {
  ok: false;
  reason: RegistrationRefusalReason;
  message: string;
}

export interface RegistrationPlan {
  ok: true;
  kind: 'buy' | 'reserve';
  amountCents: number;
  /** The uid the plots belong to now, or null while they wait for the donor to sign up. */
  donorUid: string | null;
  donorDisplay: string | null;
  /**
   * Staff ticked "stay anonymous" for a donor whose account shows their name: the account
   * becomes anonymous, so every plot of theirs, the check page and later edits show the code.
   */
  donorBecomesAnonymous: boolean;
  /** The cells to store, in the order requested. */
  cells: CellWithId[];
}

const refuse = (reason: RegistrationRefusalReason, message: string): RegistrationRefusal => ({
  ok: false,
  reason,
  message,
});

export function planPhysicalRegistration(
  registration: PhysicalCertificateRegistration,
  facts: RegistrationFacts,
  now: number,
): RegistrationPlan | RegistrationRefusal {
  if (facts.certificateStatus === null) {
    return refuse('certificate-code-unknown', MESSAGES.certificateCodeUnknown);
  }
  if (facts.certificateStatus !== 'unassigned') {
    return refuse('certificate-code-used', MESSAGES.certificateCodeUsed);
  }
  const kind = registration.reserve ? 'reserve' : 'buy';
  const amountCents = checkoutTotalCents(kind, registration.plots.length);
  const display = displayFor(registration, facts.donor, facts.mailboxHasAccount === true);
  const donorUid = facts.donor?.uid ?? null;

  const cells: CellWithId[] = [];
  for (const plot of registration.plots) {
    const code = formatPlotCode(plot);
    const stored = facts.cells.get(code);
    if (!stored) return refuse('plot-unknown', MESSAGES.plotUnknown(code));
    // A lapsed hold or reservation is available, as everywhere else (docs/product.md).
    if (effectiveCell(stored, now).status !== 'available') {
      return refuse('plot-not-available', MESSAGES.plotNotAvailable);
    }
    cells.push({
      id: code,
      ...availableCell(plot),
      status: kind === 'buy' ? 'bought' : 'reserved',
      user: donorUid,
      donor_display: display,
      reserved_until: kind === 'reserve' ? now + RESERVATION_DURATION_MS : null,
    });
  }

  if (registration.method === 'cash') {
    const cash = checkCashLimit(facts.cashThisMonthCents, amountCents);
    if (!cash.ok) {
      return refuse(
        'over-cash-limit',
        MESSAGES.cashLimitReached(
          plainEuros(cash.cashThisMonthCents),
          plainEuros(cash.remainingCents),
        ),
      );
    }
  }
  const donorBecomesAnonymous =
    facts.donor !== null && registration.is_anonymous_donor && !facts.donor.is_anonymous_donor;
  return {
    ok: true,
    kind,
    amountCents,
    donorUid,
    donorDisplay: display,
    donorBecomesAnonymous,
    cells,
  };
}

/** `750,00 €` with an ordinary space: the message is also read in logs and plain-text tools. */
function plainEuros(cents: number): string {
  return formatEuroCents(cents).replace(/\s/g, ' ');
}

/**
 * A registered donor appears as they chose in their profile, or anonymous when staff ticked it
 * (and then the account is anonymous from now on: `donorBecomesAnonymous`). A donor still to
 * sign up has no personal code yet: anonymous ones show nothing until then (nor do those of a
 * mailbox an account stands for under another spelling), and the certificate code is never
 * shown, since it is what claims the plots.
 */
function displayFor(
  registration: PhysicalCertificateRegistration,
  donor: RegisteredDonor | null,
  mailboxHasAccount: boolean,
): string | null {
  if (donor) {
    return donorDisplay({
      name: donor.name || registration.name,
      personal_code: donor.personal_code,
      is_anonymous_donor: donor.is_anonymous_donor || registration.is_anonymous_donor,
    });
  }
  if (registration.is_anonymous_donor || registration.name === '' || mailboxHasAccount) return null;
  return registration.name;
}
