/**
 * A physical certificate claimed by its donor's account: by the code printed on it (link-code),
 * or by a verified e-mail at the account's first sign-in. The code, its plots and its ledger row
 * become the account's; the certificate's mailbox joins the account's person (the cash limit);
 * an account whose address is proven gets the receipts nobody could be sent when staff
 * registered the gift (docs/product.md, "What an unverified account receives").
 */
import { checkCashOnLink } from '../cash-limit';
import type { CellWithId } from '../cell-document';
import { planCertificateLink, type CertificateCodeRecord } from '../certificate-code';
import { donorDisplay } from '../donor';
import { paymentReceipt } from '../donor-mail';
import { renamedPlots } from '../donor-plots';
import type { LedgerRow } from '../ledger';
import { MESSAGES } from '../messages';
import { mailboxKey } from '../person-email';
import { decided, type CellMove, type Decision, type MailOrder, type Writes } from './decision';
import { mailAddressOf, type DonorOnRecord } from './donor-record';
import { registrationReceiptMailId, type CashReading } from './staff-registration';

/** A registered certificate as read for a claim. */
export interface CertificateOnRecord {
  record: CertificateCodeRecord;
  /** Its plots as read. */
  cells: readonly CellWithId[];
  /**
   * Its ledger rows still waiting for their donor: the registration's, and the rest of its
   * reservation if staff recorded it before the donor claimed the code.
   */
  rows: readonly LedgerRow[];
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
  /** The site's address, for a deposit's receipt (its link to the map). */
  siteUrl: string;
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
  const mails = claimReceipts([certificate], account, facts.siteUrl);
  const claimedPlots = new Set(certificate.cells.map((cell) => cell.id));
  const renamed = renamedPlots(facts.accountCells, uid, display, now)
    .filter((cell) => !claimedPlots.has(cell.id))
    .map((cell) => ({ before: facts.accountCells.find((c) => c.id === cell.id)!, after: cell }));
  return decided(
    { ok: true, plots: plan.plots },
    {
      ...claimed,
      cells: [...claimed.cells, ...renamed, ...hiddenNames(facts.waiting, claimedPlots)],
      mails,
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
  /**
   * What the new account shows on the map, whether Firebase Auth proves its address, and the
   * address and language its receipts go to.
   */
  account: Pick<
    DonorOnRecord,
    'name' | 'personal_code' | 'is_anonymous_donor' | 'verified' | 'email' | 'language'
  >;
  /** Certificates registered for the account's e-mail, still `registered`. */
  pending: readonly CertificateOnRecord[];
  /** Plots of certificates of its mailbox under another spelling, waiting for their code. */
  waiting: readonly CellWithId[];
  siteUrl: string;
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
    {
      ...claimed,
      cells: [...claimed.cells, ...hiddenNames(facts.waiting, claimedPlots)],
      mails: claimReceipts(claims, facts.account, facts.siteUrl),
    },
  );
}

/**
 * The receipts of the claimed gifts, to a proven address only, as every e-mail: the registration
 * and the rest staff recorded since (its rows, one a plot, as one receipt), each named by its
 * first row as staff's own receipts are, so none is ever sent twice.
 */
function claimReceipts(
  claims: readonly CertificateOnRecord[],
  account: Pick<DonorOnRecord, 'name' | 'verified' | 'email' | 'language'>,
  siteUrl: string,
): MailOrder[] {
  const to = mailAddressOf(account);
  if (!to) return [];
  return claims.flatMap((claim) => {
    const rows = [...claim.rows].sort((a, b) => a.created_at - b.created_at);
    const gifts = [
      ...rows.filter((row) => row.kind === 'buy' || row.kind === 'reserve').map((row) => [row]),
      rows.filter((row) => row.kind === 'complete'),
    ].filter((group) => group.length > 0);
    const reservedUntil = Math.max(
      0,
      ...claim.cells.map((cell) => (cell.status === 'reserved' ? (cell.reserved_until ?? 0) : 0)),
    );
    return gifts.map((group) => {
      const kind = group[0]!.kind as 'buy' | 'reserve' | 'complete';
      return {
        id: registrationReceiptMailId(group[0]!.id),
        to,
        message: paymentReceipt({
          language: account.language,
          name: account.name,
          kind,
          plots: group.flatMap((row) => row.cells),
          amountCents: group.reduce((sum, row) => sum + row.amount_cents, 0),
          reservedUntil: kind === 'reserve' && reservedUntil > 0 ? reservedUntil : null,
          siteUrl,
        }),
      };
    });
  });
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
    ledgerDonors: claims.flatMap((claim) => claim.rows.map((row) => ({ id: row.id, donor: uid }))),
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
