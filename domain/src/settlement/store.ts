/**
 * The core's own store: what the Firestore adapters do with a decision, done on maps. The
 * property tests run random sequences of operations on it, and `functions/test` answers the
 * payment routes from it, without an emulator. A move whose `before` is not what is stored now
 * is refused, as a transaction that read stale data is retried: every decision must be made on
 * what it read.
 */
import { progressDifference, NO_PROGRESS, type ProgressCounts } from '../campaign-progress';
import { summaryIncrements, withIncrements, type LedgerSummary } from '../ledger-summary';
import type { CellWithId } from '../cell-document';
import type { LedgerRow } from '../ledger';
import { readCertificateCodeDocument, type CertificateCodeRecord } from '../certificate-code';
import type {
  BlockedDonorRecord,
  CertificateCodeChange,
  MailOrder,
  PaymentFields,
  StaffAction,
  Writes,
} from './decision';
import type { DonorOnRecord } from './donor-record';

export class StaleReadError extends Error {}

/** Plain data only: what a document store keeps is never the caller's object. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class SettlementStore {
  readonly cells = new Map<string, CellWithId>();
  readonly ledger = new Map<
    string,
    LedgerRow & {
      session_id?: string;
      certificate_code?: string;
      reason?: string;
      payer?: { email: string; name: string; link: string };
    }
  >();
  readonly payments = new Map<string, Partial<PaymentFields>>();
  readonly events = new Map<string, string>();
  readonly codes = new Map<string, CertificateCodeChange['fields']>();
  readonly accounts = new Map<string, DonorOnRecord>();
  readonly mails = new Map<string, MailOrder>();
  readonly actions = new Map<string, StaffAction>();
  /** `erased_donors`: the blocked data of each erased account. */
  readonly erased = new Map<string, BlockedDonorRecord>();
  progress: ProgressCounts = NO_PROGRESS;
  summary: LedgerSummary = {};

  cellsOf(codes: readonly string[]): CellWithId[] {
    return codes.flatMap((code) => {
      const cell = this.cells.get(code);
      return cell ? [copy(cell)] : [];
    });
  }

  rows(): LedgerRow[] {
    return [...this.ledger.values()].map((row) => copy(row));
  }

  certificate(code: string): CertificateCodeRecord | null {
    const fields = this.codes.get(code);
    return fields ? readCertificateCodeDocument(code, fields) : null;
  }

  /** Writes a decision, all or nothing. */
  apply(writes: Writes): void {
    for (const { before, after } of writes.cells) {
      const stored = this.cells.get(after.id) ?? null;
      if (JSON.stringify(stored) !== JSON.stringify(before)) {
        throw new StaleReadError(`${after.id} changed since it was read`);
      }
    }
    if (writes.event && this.events.has(writes.event.id)) {
      throw new StaleReadError(`event ${writes.event.id} settled since it was read`);
    }
    for (const { id } of writes.ledger) {
      if (this.ledger.has(id)) throw new StaleReadError(`ledger row ${id} exists`);
    }
    for (const mail of writes.mails) {
      if (this.mails.has(mail.id)) throw new StaleReadError(`mail ${mail.id} queued already`);
    }
    for (const action of writes.actions) {
      if (this.actions.has(action.id)) throw new StaleReadError(`action ${action.id} exists`);
    }
    for (const { code, create } of writes.codes) {
      if (create && this.codes.has(code)) throw new StaleReadError(`code ${code} exists`);
    }
    for (const { uid } of writes.erasures) {
      if (this.erased.has(uid)) throw new StaleReadError(`${uid} was erased already`);
    }
    if (writes.event) this.events.set(writes.event.id, writes.event.type);
    for (const { after } of writes.cells) this.cells.set(after.id, copy(after));
    const newRows = writes.ledger.map(({ entry }) => entry);
    const difference = progressDifference(writes.cells, newRows);
    this.progress = {
      plots_bought: this.progress.plots_bought + difference.plots_bought,
      plots_reserved: this.progress.plots_reserved + difference.plots_reserved,
      raised_cents: this.progress.raised_cents + difference.raised_cents,
    };
    this.summary = withIncrements(this.summary, summaryIncrements(newRows));
    for (const { id, entry, session_id, certificate_code, reason, payer } of writes.ledger) {
      this.ledger.set(id, {
        ...copy(entry),
        id,
        ...(payer ? { payer: copy(payer) } : {}),
        ...(session_id ? { session_id } : {}),
        ...(certificate_code ? { certificate_code } : {}),
        ...(reason ? { reason } : {}),
      });
    }
    for (const { id, donor } of writes.ledgerDonors) {
      const row = this.ledger.get(id);
      if (row) row.donor = donor;
    }
    if (writes.payment) {
      const { sessionId, fields } = writes.payment;
      this.payments.set(sessionId, { ...this.payments.get(sessionId), ...copy(fields) });
    }
    for (const { code, fields } of writes.codes) {
      this.codes.set(code, { ...this.codes.get(code), ...copy(fields) });
    }
    for (const change of writes.accounts) {
      const account = this.accounts.get(change.uid);
      if (!account) continue;
      if (change.becomesAnonymous) account.is_anonymous_donor = true;
      account.mailboxes = [...new Set([...account.mailboxes, ...change.addMailboxes])];
    }
    for (const erasure of writes.erasures) {
      this.erased.set(erasure.uid, copy(erasure.blocked));
      for (const { id, fields } of erasure.rows) {
        const row = this.ledger.get(id);
        if (row)
          Object.assign(row, { donor_name: fields.donor_name, donor_email: fields.donor_email });
      }
      for (const code of erasure.certificates) {
        const fields = this.codes.get(code);
        if (fields) this.codes.set(code, { ...fields, name: '', email: '' });
      }
      this.accounts.delete(erasure.uid);
      for (const [id, mail] of this.mails) if (mail.to === erasure.mailTo) this.mails.delete(id);
    }
    for (const mail of writes.mails) this.mails.set(mail.id, copy(mail));
    for (const action of writes.actions) this.actions.set(action.id, copy(action));
  }
}
