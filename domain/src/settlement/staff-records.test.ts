/** The staff actions that move no money: code batches, a filled-in certificate, a CSV export. */
import { describe, expect, it } from 'vitest';
import { readCertificateCodeDocument } from '../certificate-code';
import { MESSAGES } from '../messages';
import { writesNothing } from './decision';
import { SettlementStore, StaleReadError } from './store';
import { decideCodeBatch, decideFilledCertificate, decideLedgerExport } from './staff-records';

const context = { staffUid: 'staff-1', actionId: 'act-1', now: Date.UTC(2026, 10, 20) };

describe('decideCodeBatch', () => {
  it('creates every code unassigned, by the staff member, and records the batch', () => {
    const decision = decideCodeBatch({
      codes: ['ABCD2345', 'WXYZ6789'],
      existing: [],
      purpose: 'print-blank',
      context,
    });
    expect(decision.outcome).toEqual({ ok: true, codes: ['ABCD2345', 'WXYZ6789'] });
    expect(decision.codes).toEqual([
      {
        code: 'ABCD2345',
        create: true,
        fields: { status: 'unassigned', created_at: context.now, created_by: 'staff-1' },
      },
      {
        code: 'WXYZ6789',
        create: true,
        fields: { status: 'unassigned', created_at: context.now, created_by: 'staff-1' },
      },
    ]);
    expect(decision.actions).toEqual([
      {
        id: 'act-1',
        action: 'print-blank',
        staff: 'staff-1',
        at: context.now,
        reason: null,
        plots: [],
        donations: [],
        before: [],
        after: [],
        details: { count: 2, codes: ['ABCD2345', 'WXYZ6789'] },
      },
    ]);
  });

  it('writes nothing when a code of the batch is stored already', () => {
    const decision = decideCodeBatch({
      codes: ['ABCD2345', 'WXYZ6789'],
      existing: ['WXYZ6789'],
      purpose: 'generate-codes',
      context,
    });
    expect(decision.outcome).toEqual({ ok: false });
    expect(writesNothing(decision)).toBe(true);
  });

  it('never writes over a stored code: the store refuses the whole batch', () => {
    const store = new SettlementStore();
    store.codes.set('WXYZ6789', { status: 'registered', plots: ['K3'] });
    const decision = decideCodeBatch({
      codes: ['ABCD2345', 'WXYZ6789'],
      existing: [],
      purpose: 'generate-codes',
      context,
    });
    expect(() => store.apply(decision)).toThrow(StaleReadError);
    expect(store.codes.get('WXYZ6789')).toEqual({ status: 'registered', plots: ['K3'] });
    expect(store.codes.has('ABCD2345')).toBe(false);
    expect(store.actions.size).toBe(0);
  });
});

describe('decideFilledCertificate', () => {
  const registered = {
    status: 'registered',
    email: 'ana@example.es',
    name: 'Ana',
    plots: ['K3', 'K4'],
    is_anonymous_donor: true,
  };
  const facts = (data: Record<string, unknown> | null) => ({
    code: 'ABCD2345',
    record: data ? readCertificateCodeDocument('ABCD2345', data) : null,
    name: typeof data?.name === 'string' ? data.name : null,
    reserve: data?.reserve === true,
    registeredAt: Date.UTC(2026, 10, 2),
    context,
  });

  it('prints the name as registered, even for an anonymous donor, with the plots and the day', () => {
    const decision = decideFilledCertificate(facts(registered));
    expect(decision.outcome).toEqual({
      ok: true,
      certificate: {
        code: 'ABCD2345',
        donorName: 'Ana',
        plots: ['K3', 'K4'],
        reserve: false,
        registeredAt: Date.UTC(2026, 10, 2),
      },
    });
    expect(decision.actions).toMatchObject([
      { action: 'print-filled', plots: ['K3', 'K4'], details: { code: 'ABCD2345' } },
    ]);
    expect(decision.cells).toEqual([]);
    expect(decision.codes).toEqual([]);
  });

  it('prints a stored name trimmed of invisible characters, and one with nothing visible as none', () => {
    const named = (name: string) => decideFilledCertificate(facts({ ...registered, name })).outcome;
    expect(named('\u200B Ana Pop\u00A0\uFEFF')).toMatchObject({
      certificate: { donorName: 'Ana Pop' },
    });
    expect(named('\u200B\u3164\u2800 \u202E')).toMatchObject({ certificate: { donorName: '' } });
  });

  it('prints a linked code too', () => {
    const decision = decideFilledCertificate(facts({ ...registered, user: 'uid-ana' }));
    expect(decision.outcome.ok).toBe(true);
  });

  it('refuses an unknown code (404) and one with no registration (409), recording nothing', () => {
    const unknown = decideFilledCertificate(facts(null));
    expect(unknown.outcome).toEqual({
      ok: false,
      status: 404,
      message: MESSAGES.certificateCodeUnknown,
    });
    expect(writesNothing(unknown)).toBe(true);
    const voided = decideFilledCertificate(facts({ status: 'unassigned', plots: ['K3'] }));
    expect(voided.outcome).toEqual({
      ok: false,
      status: 409,
      message: MESSAGES.filledCertificateNothingRegistered,
    });
    expect(writesNothing(voided)).toBe(true);
  });
});

describe('decideLedgerExport', () => {
  it('records the query and the rows', () => {
    const decision = decideLedgerExport({ query: { from: '2026-11-01' }, rows: 12, context });
    expect(decision.actions).toMatchObject([
      {
        action: 'export-csv',
        staff: 'staff-1',
        details: { query: { from: '2026-11-01' }, rows: 12 },
      },
    ]);
  });
});
