/**
 * A donor erases their account (GDPR art. 17; docs/product.md, "Leaving: what goes and what
 * stays"), decided like every other change of the money core so the property tests see it. The
 * account and its profile go; the ledger's rows stay, as Spanish accounting law keeps them six
 * years, with the name and e-mail moved out of them into a record staff alone read (LOPDGDD
 * art. 32, `erased_donors`); the plots stay the parish's gifts, shown by the personal code; the
 * paper certificates linked to the account lose the name and e-mail typed on them. So do the rows
 * and certificates staff registered for the address the account has proven and that no account
 * was ever linked to (voided, say, before the donor signed up): they name the same person. An
 * address the account never proved speaks for nobody: what was registered for it stays, or anyone
 * could sign up with a donor's address and erase the parish's record of that donor. An account
 * paying right now (a plot held in a checkout) is not erased until the payment ends.
 */
import { effectiveCell } from '../cell';
import type { CellWithId } from '../cell-document';
import { erasedLedgerFields } from '../account-erasure';
import { renamedPlots } from '../donor-plots';
import type { LedgerRow } from '../ledger';
import { decided, movesOf, type AccountErasure, type Decision } from './decision';

/** What the erasure read: the account as stored (null when none), and what names it. */
export interface ErasureFacts {
  uid: string;
  account: {
    name: string;
    email: string;
    mailboxes: string[];
    personal_code: string;
    /** When the account was made (epoch ms); null when not recorded. */
    created_at: number | null;
  } | null;
  /** An `erased_donors` record exists: the account was erased before. */
  erasedBefore: boolean;
  /** The mailbox (`mailboxKey`) of the address the account has proven; null when none. */
  provenMailbox: string | null;
  /** The account's plots as stored. */
  cells: readonly CellWithId[];
  /**
   * The ledger rows linked to the account (`donor` is its uid) and those registered for the
   * proven mailbox (`donor_key`), with the certificate each names.
   */
  rows: ReadonlyArray<LedgerRow & { certificate_code?: string }>;
  /**
   * The paper certificates linked to the account (`user`) and those registered for the proven
   * mailbox, with the name and e-mail typed on them.
   */
  certificates: ReadonlyArray<{
    code: string;
    user: string | null;
    mailbox: string;
    name: string;
    email: string;
  }>;
  now: number;
}

export type ErasureOutcome = 'erased' | 'already-erased' | 'no-account' | 'paying';

export function decideErasure(facts: ErasureFacts): Decision<ErasureOutcome> {
  const { uid, account, now } = facts;
  if (!account) return decided(facts.erasedBefore ? 'already-erased' : 'no-account');
  const paying = facts.cells.some((cell) => {
    const effective = effectiveCell(cell, now);
    return effective.user === uid && effective.status === 'held';
  });
  if (paying) return decided('paying');
  // The person's own: linked to the account, or never linked and registered for its proven mailbox.
  const theirs = (linkedTo: string | null, mailbox: string) =>
    linkedTo === uid || (linkedTo === null && mailbox === facts.provenMailbox);
  const rows = facts.rows.filter((row) => theirs(row.donor, row.donor_key));
  const certificates = facts.certificates.filter((c) => theirs(c.user, c.mailbox));

  const before = new Map(facts.cells.map((cell) => [cell.id, cell]));
  // The plots stay the parish's gifts: the map shows the code, never the name again.
  const cells = movesOf(
    renamedPlots(facts.cells, uid, account.personal_code, now).map((after) => ({
      before: before.get(after.id) ?? null,
      after,
    })),
  );
  const erasure: AccountErasure = {
    uid,
    at: now,
    blocked: {
      name: account.name,
      email: account.email,
      mailboxes: account.mailboxes,
      personal_code: account.personal_code,
      created_at: account.created_at,
      rows: Object.fromEntries(
        rows.map((row) => [row.id, { donor_name: row.donor_name, donor_email: row.donor_email }]),
      ),
      certificates: Object.fromEntries(
        certificates.map(({ code, name, email }) => [code, { name, email }]),
      ),
    },
    rows: rows.map((row) => ({
      id: row.id,
      fields: erasedLedgerFields({ cells: row.cells, certificate_code: row.certificate_code }),
    })),
    certificates: certificates.map(({ code }) => code),
    mailTo: account.email,
  };
  return decided('erased', { cells, erasures: [erasure] });
}
