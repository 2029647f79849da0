/**
 * Staff actions that move no money but carry the parish's data away, each recorded like the
 * money operations (docs/product.md, "Every staff action is on the record"): a batch of
 * certificate codes generated (bare or printed blank), a registration's certificate printed
 * filled in, the ledger exported as CSV. Each decision says what is written (the codes, the
 * staff action) and, for the filled-in certificate, what the paper shows.
 */
import type { CertificateCodeRecord } from '../certificate-code';
import { MESSAGES } from '../messages';
import { isBlankName, trimInvisible } from '../name-characters';
import {
  decided,
  type CertificateCodeChange,
  type Decision,
  type StaffAction,
  type StaffActionDetails,
  type StaffActionKind,
} from './decision';

/** Who acts, the id of the record, when. */
export interface RecordContext {
  staffUid: string;
  actionId: string;
  now: number;
}

/** A staff action that touches no plot. */
function record(
  kind: StaffActionKind,
  context: RecordContext,
  details: StaffActionDetails,
  plots: string[] = [],
): StaffAction {
  return {
    id: context.actionId,
    action: kind,
    staff: context.staffUid,
    at: context.now,
    reason: null,
    plots,
    donations: [],
    before: [],
    after: [],
    details,
  };
}

export interface CodeBatchFacts {
  /** The batch drawn (unique among themselves). */
  codes: readonly string[];
  /** Those of them already stored (made before, or by a concurrent batch). */
  existing: readonly string[];
  /** Bare codes listed on screen, or printed on blank certificates. */
  purpose: 'generate-codes' | 'print-blank';
  context: RecordContext;
}

/**
 * A batch of new codes, every one `unassigned` and created (never written over a stored one),
 * with the action that names them; a batch meeting a stored code writes nothing (drawn again).
 */
export function decideCodeBatch(
  facts: CodeBatchFacts,
): Decision<{ ok: true; codes: string[] } | { ok: false }> {
  if (facts.existing.length > 0 || facts.codes.length === 0) return decided({ ok: false });
  const { staffUid, now } = facts.context;
  const codes: CertificateCodeChange[] = facts.codes.map((code) => ({
    code,
    create: true,
    fields: { status: 'unassigned', created_at: now, created_by: staffUid },
  }));
  return decided(
    { ok: true, codes: [...facts.codes] },
    {
      codes,
      actions: [
        record(facts.purpose, facts.context, {
          count: facts.codes.length,
          codes: [...facts.codes],
        }),
      ],
    },
  );
}

/** What a filled-in paper certificate shows (docs/product.md, "Certificates"). */
export interface FilledCertificate {
  code: string;
  /**
   * The name staff registered, even for an anonymous donor: the paper goes into the donor's own
   * hands, and anonymity is about what the public sees (the map, the check page). Empty: the
   * line stays blank, to be written by hand.
   */
  donorName: string;
  /** The plots registered with the code, as registered. */
  plots: string[];
  /** A reservation (the rest still to pay) rather than plots bought. */
  reserve: boolean;
  /** When staff registered it (epoch ms). */
  registeredAt: number;
}

export interface FilledCertificateFacts {
  code: string;
  /** The code as stored; null: never generated. */
  record: CertificateCodeRecord | null;
  /** The stored `name`, `reserve` and `registered_at` of the code (null: none). */
  name: string | null;
  reserve: boolean;
  registeredAt: number | null;
  context: RecordContext;
}

export type FilledCertificateOutcome =
  { ok: true; certificate: FilledCertificate } | { ok: false; status: 404 | 409; message: string };

/**
 * A registered or linked code's certificate filled in with what staff registered, and the action
 * recording that it was printed; an unknown code, or one with no registration (never registered,
 * or voided back to `unassigned`), prints nothing and records nothing.
 */
export function decideFilledCertificate(
  facts: FilledCertificateFacts,
): Decision<FilledCertificateOutcome> {
  const { record: stored } = facts;
  if (!stored) return decided({ ok: false, status: 404, message: MESSAGES.certificateCodeUnknown });
  if (stored.status === 'unassigned' || stored.plots.length === 0) {
    return decided({
      ok: false,
      status: 409,
      message: MESSAGES.filledCertificateNothingRegistered,
    });
  }
  const certificate: FilledCertificate = {
    code: facts.code,
    // A name stored with nothing visible (before the rule saw invisible characters): a blank line.
    donorName: isBlankName(facts.name ?? '') ? '' : trimInvisible(facts.name ?? ''),
    plots: [...stored.plots],
    reserve: facts.reserve,
    registeredAt: facts.registeredAt ?? facts.context.now,
  };
  return decided(
    { ok: true, certificate },
    { actions: [record('print-filled', facts.context, { code: facts.code }, certificate.plots)] },
  );
}

export interface LedgerExportFacts {
  /** The query string as staff sent it (the filters), parameter by parameter. */
  query: Readonly<Record<string, string>>;
  /** How many ledger rows the CSV carries. */
  rows: number;
  context: RecordContext;
}

/** The ledger exported: the action names the filters and how many rows left. */
export function decideLedgerExport(facts: LedgerExportFacts): Decision<{ ok: true }> {
  return decided(
    { ok: true },
    {
      actions: [
        record('export-csv', facts.context, { query: { ...facts.query }, rows: facts.rows }),
      ],
    },
  );
}

export interface DonorLookupFacts {
  /** A donor's page opened, or the donors searched. */
  kind: 'view-donor' | 'search-donors';
  /** Who was looked at (the page's person) or what was searched for. */
  query: Readonly<Record<string, string>>;
  /** How many people the answer showed. */
  rows: number;
  context: RecordContext;
}

/**
 * Staff looking at donors' personal data (a page, a search): recorded like an export, since what
 * is on screen can be carried away (docs/product.md, "What staff see of donors").
 */
export function decideDonorLookup(facts: DonorLookupFacts): Decision<{ ok: true }> {
  return decided(
    { ok: true },
    {
      actions: [record(facts.kind, facts.context, { query: { ...facts.query }, rows: facts.rows })],
    },
  );
}

/** A name staff took off a donor's list for the priest, and why. */
export function decideCommemorationRemoved(facts: {
  donor: string;
  name: string;
  state: string;
  reason: string;
  context: RecordContext;
}): Decision<{ ok: true }> {
  const action = record('remove-commemoration', facts.context, {
    query: { donor: facts.donor, name: facts.name, state: facts.state },
    rows: 1,
  });
  return decided({ ok: true }, { actions: [{ ...action, reason: facts.reason }] });
}

export interface CommemorationsOutFacts {
  /** The priest's list printed (PDF) or the staff's copy downloaded (CSV). */
  kind: 'print-commemorations' | 'export-commemorations';
  /** How many names it carries. */
  rows: number;
  context: RecordContext;
}

/**
 * The names donors ask prayers for, carried out of the site: recorded in the transaction that
 * read them, with how many names left (docs/product.md, "Names remembered in prayer").
 */
export function decideCommemorationsOut(facts: CommemorationsOutFacts): Decision<{ ok: true }> {
  return decided(
    { ok: true },
    { actions: [record(facts.kind, facts.context, { rows: facts.rows })] },
  );
}
