/**
 * A physical certificate claimed by its donor's account: by the code printed on it (link-code),
 * or by a verified e-mail at the account's first sign-in. The code, its plots and its ledger row
 * become the account's; the certificate's mailbox joins the account's person (the cash limit).
 */
import { checkCashOnLink } from '../cash-limit';
import type { CellWithId } from '../cell-document';
import { planCertificateLink, type CertificateCodeRecord } from '../certificate-code';
import { donorDisplay } from '../donor';
import { renamedPlots } from '../donor-plots';
import { MESSAGES } from '../messages';
import { mailboxKey } from '../person-email';
import { decided, type CellMove, type Decision, type Writes } from './decision';
import type { DonorOnRecord } from './donor-record';
import type { CashReading } from './staff-registration';

/** A registered certificate as read for a claim. */
export interface CertificateOnRecord {
  record: CertificateCodeRecord;
  /** Its plots as read. */
  cells: readonly CellWithId[];
  /**
   * Its ledger rows still waiting for their donor: the registration's, and the rest of its
   * reservation if staff recorded it before the donor claimed the code.
   */
  donationIds: readonly string[];
  /** Plots another certificate was registered for after this one. */
  registeredSince: ReadonlySet<string>;
}

export type CertificateLinkResult =
  { ok: true; plots: string[] } | { ok: false; status: 404 | 409; error: string };

export interface CertificateLinkFacts {
  uid: string;
  account: DonorOnRecord | null;
  /** The code typed; null when no such code exists. */
  certificate: CertificateOnRecord | null;
  /** The account's person joined with the certificate's mailbox, the linked gift included. */
  cash: CashReading | null;
  /** Plots of other certificates of that mailbox still waiting, that show the name staff typed. */
  waiting: readonly CellWithId[];
  /** Every plot of the account (renamed when it becomes anonymous). */
  accountCells: readonly CellWithId[];
  now: number;
}

/** Whether a certificate may be claimed by `uid` now (its plots still waiting for it). */
export function isClaimable(certificate: CertificateOnRecord, uid: string, now: number): boolean {
  return planCertificateLink(
    certificate.record,
    certificate.cells,
    uid,
    now,
    certificate.registeredSince,
  ).ok;
}

export function decideCertificateLink(
  facts: CertificateLinkFacts,
): Decision<CertificateLinkResult> {
  const { uid, account, certificate, now } = facts;
  const plan = planCertificateLink(
    certificate?.record ?? null,
    certificate?.cells ?? [],
    uid,
    now,
    certificate?.registeredSince,
  );
  if (!plan.ok) return decided(plan);
  if (!account || !certificate)
    return decided({ ok: false, status: 404, error: MESSAGES.userNotFound });
  if (facts.cash && !checkCashOnLink(facts.cash.entries, facts.cash.person).ok) {
    return decided({ ok: false, status: 409, error: MESSAGES.cashLimitOnLink });
  }
  const becomesAnonymous = certificate.record.is_anonymous_donor && !account.is_anonymous_donor;
  const display = donorDisplay({
    ...account,
    is_anonymous_donor: account.is_anonymous_donor || becomesAnonymous,
  });
  const claimed = claimWrites([certificate], uid, display, now);
  const claimedPlots = new Set(certificate.cells.map((cell) => cell.id));
  const renamed = renamedPlots(facts.accountCells, uid, display, now)
    .filter((cell) => !claimedPlots.has(cell.id))
    .map((cell) => ({ before: facts.accountCells.find((c) => c.id === cell.id)!, after: cell }));
  return decided(
    { ok: true, plots: plan.plots },
    {
      ...claimed,
      cells: [...claimed.cells, ...renamed, ...hiddenNames(facts.waiting, claimedPlots)],
      accounts: [
        {
          uid,
          becomesAnonymous,
          addMailboxes: mailboxesOf([certificate]),
          at: now,
        },
      ],
    },
  );
}

export interface AccountClaimFacts {
  uid: string;
  /** What the new account shows on the map, and whether Firebase Auth proves its address. */
  account: Pick<DonorOnRecord, 'name' | 'personal_code' | 'is_anonymous_donor' | 'verified'>;
  /** Certificates registered for the account's e-mail, still `registered`. */
  pending: readonly CertificateOnRecord[];
  /** Plots of certificates of its mailbox under another spelling, waiting for their code. */
  waiting: readonly CellWithId[];
  now: number;
}

/**
 * A new account with a proven e-mail (verified, or given by Google, Apple or Facebook) claims
 * what staff registered for it: the certificates whose plots still wait for it. An unproven one
 * claims nothing: its certificates keep waiting on their codes (no squatting). The answer says
 * whether the account is anonymous (a claimed certificate staff marked so) and which mailboxes
 * it stands for.
 */
export function decideAccountClaims(
  facts: AccountClaimFacts,
): Decision<{ anonymous: boolean; mailboxes: string[] }> {
  const claims = facts.account.verified
    ? facts.pending.filter((pending) => isClaimable(pending, facts.uid, facts.now))
    : [];
  const anonymous = claims.some((claim) => claim.record.is_anonymous_donor);
  const display = donorDisplay({
    ...facts.account,
    is_anonymous_donor: facts.account.is_anonymous_donor || anonymous,
  });
  const claimed = claimWrites(claims, facts.uid, display, facts.now);
  const claimedPlots = new Set(claimed.cells.map(({ after }) => after.id));
  return decided(
    { anonymous, mailboxes: mailboxesOf(claims) },
    { ...claimed, cells: [...claimed.cells, ...hiddenNames(facts.waiting, claimedPlots)] },
  );
}

/** The code linked, its plots the account's (shown as `display`), its row counted for it. */
function claimWrites(
  claims: readonly CertificateOnRecord[],
  uid: string,
  display: string,
  now: number,
): Pick<Writes, 'cells' | 'codes' | 'ledgerDonors'> {
  return {
    codes: claims.map((claim) => ({
      code: claim.record.code,
      fields: { status: 'linked', user: uid, linked_at: now },
    })),
    cells: claims.flatMap((claim) =>
      claim.cells.map((cell) => ({
        before: cell,
        after: { ...cell, user: uid, donor_display: display },
      })),
    ),
    ledgerDonors: claims.flatMap((claim) => claim.donationIds.map((id) => ({ id, donor: uid }))),
  };
}

function mailboxesOf(claims: readonly CertificateOnRecord[]): string[] {
  return [
    ...new Set(
      claims.flatMap((claim) => (claim.record.email ? [mailboxKey(claim.record.email)] : [])),
    ),
  ];
}

/**
 * The mailbox is an account's now: plots still waiting for one of its certificates stop
 * showing the name staff typed (docs/product.md "Anonymity").
 */
function hiddenNames(waiting: readonly CellWithId[], claimed: ReadonlySet<string>): CellMove[] {
  return waiting
    .filter((cell) => cell.user === null && cell.donor_display !== null && !claimed.has(cell.id))
    .map((cell) => ({ before: cell, after: { ...cell, donor_display: null } }));
}
