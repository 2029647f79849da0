import { describe, expect, it } from 'vitest';
import { donationEntry, type LedgerRow } from '../ledger';
import { mailboxKey } from '../person-email';
import { decideErasure, type ErasureFacts } from './erasure';

const NOW = Date.UTC(2026, 10, 29, 10, 0);
const EMAIL = 'Rosalia.Quiros+parroquia@example.test';

/** A row staff registered for `email`, linked to `uid` or waiting (null). */
function row(id: string, uid: string | null, email = EMAIL, name = 'Rosalía Quirós'): LedgerRow {
  return {
    id,
    ...donationEntry({
      method: 'transfer',
      kind: 'buy',
      donor: { uid, email, name },
      plots: ['K3'],
      amountCents: 25_000,
      at: NOW - 1000,
      recordedBy: 'staff-1',
    }),
  };
}

const certificate = (code: string, user: string | null, email = EMAIL) => ({
  code,
  user,
  mailbox: mailboxKey(email),
  name: 'Rosalía Quirós',
  email,
});

function facts(overrides: Partial<ErasureFacts> = {}): ErasureFacts {
  return {
    uid: 'u-rosalia',
    account: {
      name: 'Rosalía Quirós',
      email: 'rosalia.quiros@example.test',
      mailboxes: [mailboxKey(EMAIL)],
      personal_code: 'ROS7K3QZ',
      created_at: null,
    },
    erasedBefore: false,
    provenMailbox: mailboxKey('rosalia.quiros@example.test'),
    cells: [],
    rows: [row('linked', 'u-rosalia'), row('waiting', null), row('other', 'u-other')],
    certificates: [
      certificate('LINKED23', 'u-rosalia'),
      certificate('WAITING2', null),
      certificate('OTHER234', 'u-other'),
    ],
    now: NOW,
    ...overrides,
  };
}

const erasedRows = (decision: ReturnType<typeof decideErasure>) =>
  decision.erasures.flatMap((erasure) => erasure.rows.map((r) => r.id));
const erasedCertificates = (decision: ReturnType<typeof decideErasure>) =>
  decision.erasures.flatMap((erasure) => erasure.certificates);

describe('decideErasure: whose rows and certificates lose the name', () => {
  it("blocks the account's own and those never linked that were registered for its proven mailbox", () => {
    const decision = decideErasure(facts());
    expect(decision.outcome).toBe('erased');
    expect(erasedRows(decision)).toEqual(['linked', 'waiting']);
    expect(erasedCertificates(decision)).toEqual(['LINKED23', 'WAITING2']);
    // What staff may need by law is kept apart, the waiting row's too.
    expect(Object.keys(decision.erasures[0]!.blocked.rows)).toEqual(['linked', 'waiting']);
    expect(decision.erasures[0]!.blocked.certificates).toMatchObject({
      WAITING2: { name: 'Rosalía Quirós', email: EMAIL },
    });
  });

  it('leaves what was registered for an address the account never proved', () => {
    const decision = decideErasure(facts({ provenMailbox: null }));
    expect(decision.outcome).toBe('erased');
    expect(erasedRows(decision)).toEqual(['linked']);
    expect(erasedCertificates(decision)).toEqual(['LINKED23']);
  });

  it("never touches another account's rows, nor another mailbox's", () => {
    const decision = decideErasure(
      facts({
        rows: [row('other', 'u-other'), row('elsewhere', null, 'someone@example.test')],
        certificates: [certificate('ELSEWHR2', null, 'someone@example.test')],
      }),
    );
    expect(erasedRows(decision)).toEqual([]);
    expect(erasedCertificates(decision)).toEqual([]);
  });
});
