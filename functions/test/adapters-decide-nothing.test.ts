/**
 * docs/architecture.md says the adapters decide nothing and gives the grep that shows it. This
 * test is that grep, so the claim cannot drift: a new comparison of a status or an amount, or a
 * rule of the domain called from an adapter, fails here unless it is one of the lines listed
 * below, each with the reason it is a reading and not a decision.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADAPTERS = join(ROOT, 'functions/src/adapters');

/** The pattern docs/architecture.md quotes, word for word. */
const DECIDES =
  'status ===|status !==|amount_cents|_cents [<>=]|checkoutTotalCents|effectiveCell|applyPayment|startHold|releaseHold|cellAfterRefund|plotCoverage|planPhysicalRegistration|planCertificateLink|checkCash|fitsHoldCap|sweptCell';

/** A stored document's field read with its type checked: a reading of its shape. */
const STORED_SHAPE = /typeof [\w.]+ === '(number|string)'/;

/**
 * Lines the grep finds that stay, by file, trimmed. Each is named in docs/architecture.md.
 * - firestore-checkouts.ts: `releaseHolds` is the port's method, not the rule `releaseHold`.
 * - firestore-staff-actions.ts: a stored amount copied when the line above found it a number.
 * - firestore-donations.ts: the month's ledger summed (a report reads amounts, decides nothing).
 * - stripe-checkout.ts: Stripe's own session status read into ours.
 * - firestore-account-data.ts: a ledger row's amount copied into the donor's data export.
 */
const KNOWN: Record<string, string[]> = {
  'firestore-account-data.ts': ['amount_cents: row.amount_cents,'],
  'firestore-checkouts.ts': ['async releaseHolds(order) {'],
  'firestore-staff-actions.ts': ['? { amount_cents: data.amount_cents }'],
  'firestore-donations.ts': [
    ".aggregate({ rows: AggregateField.count(), net: AggregateField.sum('amount_cents') })",
    'const net = rows.reduce((sum, row) => sum + row.amount_cents, 0);',
    '.reduce((sum, row) => sum + row.amount_cents, 0);',
  ],
  'stripe-checkout.ts': [
    "if (status === 'complete') return 'complete';",
    "return status === 'open' ? 'open' : 'expired';",
  ],
};

function found(): Record<string, string[]> {
  const pattern = new RegExp(DECIDES);
  const hits: Record<string, string[]> = {};
  for (const file of readdirSync(ADAPTERS)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const lines = readFileSync(join(ADAPTERS, file), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => pattern.test(line) && !STORED_SHAPE.test(line));
    if (lines.length > 0) hits[file] = lines;
  }
  return hits;
}

describe('the adapters decide nothing (docs/architecture.md)', () => {
  it('the grep finds only the lines known to read, not decide', () => {
    expect(found()).toEqual(KNOWN);
  });

  it('docs/architecture.md quotes the pattern this test greps for', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(doc).toContain(`grep -nE "${DECIDES}" functions/src/adapters/*.ts`);
    expect(doc).toContain('functions/test/adapters-decide-nothing.test.ts');
  });
});
