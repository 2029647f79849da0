import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { adminFirestore } from '../support/clients.ts';
import { readSeed } from '@parroquia/testkit/local-stack';

const siteUrl = inject('siteUrl');
const db = () => adminFirestore(inject('firestoreHost'));

interface CellJson {
  id: string;
  x: string;
  y: number;
  status: string;
  user: string | null;
  donor_display: string | null;
}

async function getCells(): Promise<CellJson[]> {
  const response = await fetch(`${siteUrl}/api/cells/`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return (await response.json()) as CellJson[];
}

describe('GET /api/cells/ through Hosting -> Functions -> Firestore', () => {
  const touched: string[] = [];
  beforeAll(async () => {
    // Canary: our Firestore emulator is up.
    const ok = await fetch(`http://${inject('firestoreHost')}/`);
    expect(ok.status).toBe(200);
  });
  afterEach(async () => {
    for (const code of touched.splice(0)) {
      await db()
        .collection('cells')
        .doc(code)
        .set({
          x: code[0],
          y: Number(code.slice(1)),
          status: 'available',
          user: null,
          donor_display: null,
          updated_at: Timestamp.now(),
        });
    }
  });

  it("answers every seeded plot of the 24 x 39 grid, sorted by column then row, available but the demo donors'", async () => {
    const cells = await getCells();
    expect(cells).toHaveLength(24 * 39);
    expect(cells[0]).toEqual({
      id: 'A1',
      x: 'A',
      y: 1,
      status: 'available',
      user: null,
      donor_display: null,
    });
    expect(cells[1]!.id).toBe('A2');
    expect(cells.at(-1)!.id).toBe('X39');
    const taken = new Map((readSeed().plots?.taken ?? []).map((plot) => [plot.code, plot]));
    expect(taken.size).toBeGreaterThan(0);
    for (const cell of cells) {
      const seeded = taken.get(cell.id);
      if (seeded) expect(cell).toMatchObject({ status: seeded.status, user: seeded.user });
      else expect(cell.status, cell.id).toBe('available');
    }
    expect(cells.find((cell) => cell.id === 'M10')).toMatchObject({ donor_display: 'Ana García' });
  });

  it('shows what Firestore holds: a bought plot with its donor', async () => {
    touched.push('K3');
    await db().collection('cells').doc('K3').set({
      x: 'K',
      y: 3,
      status: 'bought',
      user: 'donor-ana',
      donor_display: 'Ana García',
      updated_at: Timestamp.now(),
    });
    const k3 = (await getCells()).find((cell) => cell.id === 'K3');
    expect(k3).toMatchObject({ status: 'bought', user: 'donor-ana', donor_display: 'Ana García' });
  });

  it('shows a hold past its expiry as available, and a live hold as held', async () => {
    touched.push('B2', 'B3');
    const past = Timestamp.fromMillis(Date.now() - 60_000);
    const future = Timestamp.fromMillis(Date.now() + 30 * 60_000);
    for (const [code, expiresAt] of [
      ['B2', past],
      ['B3', future],
    ] as const) {
      await db()
        .collection('cells')
        .doc(code)
        .set({
          x: 'B',
          y: Number(code.slice(1)),
          status: 'held',
          user: 'donor-ana',
          donor_display: null,
          hold: { session_id: `cs_test_${code}`, kind: 'buy', expires_at: expiresAt },
          updated_at: Timestamp.now(),
        });
    }
    const cells = await getCells();
    expect(cells.find((cell) => cell.id === 'B2')).toMatchObject({
      status: 'available',
      user: null,
    });
    expect(cells.find((cell) => cell.id === 'B3')).toMatchObject({ status: 'held' });
  });
});
