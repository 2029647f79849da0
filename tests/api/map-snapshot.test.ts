/**
 * The map's first paint from one shared answer, then only what changed since (docs/architecture.md,
 * "How a visit is served"): through Hosting -> Functions -> our Firestore emulator, with the web
 * SDK asking exactly what the browser asks.
 */
import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  Timestamp,
  collection,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  query,
  terminate,
  where,
  type Firestore,
} from 'firebase/firestore';
import { effectiveStatus, readCellDocument, type CellWithId } from '@parroquia/domain';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';
import { adminFirestore } from '../support/clients.ts';
import { newDonor, readCells, resetCells, startPayment, type Donor } from '../support/payments.ts';

const siteUrl = inject('siteUrl');
const db = () => adminFirestore(inject('firestoreHost'));

interface Snapshot {
  read_time: number;
  cells: CellWithId[];
}

let app: FirebaseApp;
let browser: Firestore;
let donors: Donor[];
const touched: string[] = [];

beforeAll(async () => {
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `map-${Date.now()}`);
  browser = getFirestore(app);
  const [host, port] = inject('firestoreHost').split(':');
  connectFirestoreEmulator(browser, host!, Number(port));
  donors = await Promise.all(
    ['Casiano', 'Dorotea', 'Eulogio', 'Fabiola'].map((name) =>
      newDonor(inject('authHost'), db(), `${name} Mapa`),
    ),
  );
});

afterAll(async () => {
  await terminate(browser);
  await deleteApp(app);
  await resetCells(db(), touched);
});

async function mapSnapshot(): Promise<{ response: Response; snapshot: Snapshot }> {
  const response = await fetch(`${siteUrl}/api/cells/snapshot/`);
  return { response, snapshot: (await response.json()) as Snapshot };
}

/** A GET with its body as it came over the wire (fetch would decode it). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** What the browser's listener gets first: the plots written after the snapshot's read. */
async function changedSince(readTime: number): Promise<CellWithId[]> {
  const changed = await getDocs(
    query(collection(browser, 'cells'), where('updated_at', '>', Timestamp.fromMillis(readTime))),
  );
  return changed.docs.flatMap((doc) => {
    const reading = readCellDocument(doc.id, doc.data());
    return reading.ok ? [reading.cell] : [];
  });
}

describe('GET /api/cells/snapshot/', () => {
  it('answers every stored plot at one read time, public for a few seconds to the CDN', async () => {
    const before = Date.now();
    const { response, snapshot } = await mapSnapshot();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(snapshot.cells).toHaveLength(24 * 39);
    expect(snapshot.cells[0]).toMatchObject({ id: 'A1', x: 'A', y: 1, hold: null });
    expect(snapshot.read_time).toBeGreaterThanOrEqual(before - 1);
    expect(snapshot.read_time).toBeLessThanOrEqual(Date.now());
  });

  it('answers a signed-in donor exactly what it answers anyone: the CDN may share it', async () => {
    const withToken = await fetch(`${siteUrl}/api/cells/snapshot/`, {
      headers: { Authorization: `Bearer ${donors[0]!.token}` },
    });
    const signedIn = (await withToken.json()) as Snapshot;
    const { snapshot: anyone } = await mapSnapshot();
    expect(withToken.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(signedIn.cells).toEqual(anyone.cells);
  });

  it('comes gzipped through Hosting to a caller that accepts it, whole to one that does not', async () => {
    const gzipped = await rawGet(`${siteUrl}/api/cells/snapshot/`, 'gzip, deflate, br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = await rawGet(`${siteUrl}/api/cells/snapshot/`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const fromGzip = JSON.parse(gunzipSync(gzipped.body).toString()) as Snapshot;
    const fromPlain = JSON.parse(plain.body.toString()) as Snapshot;
    expect(fromGzip.cells).toEqual(fromPlain.cells);
    // 936 plots: about 108 KB of JSON, a few KB gzipped.
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 10);
  });

  it('refuses another method, and a forged token changes nothing', async () => {
    const posted = await fetch(`${siteUrl}/api/cells/snapshot/`, { method: 'POST', body: '{}' });
    expect(posted.status).toBe(405);
    const forged = await fetch(`${siteUrl}/api/cells/snapshot/`, {
      headers: { Authorization: 'Bearer forged.token.here' },
    });
    expect(forged.status).toBe(200);
    expect(((await forged.json()) as Snapshot).cells).toHaveLength(24 * 39);
  });

  it('when nothing changed, the listener from its read time has nothing to send', async () => {
    const { snapshot } = await mapSnapshot();
    expect(await changedSince(snapshot.read_time)).toEqual([]);
  });

  it('a plot held after the snapshot reaches the listener, and only it', async () => {
    const { snapshot } = await mapSnapshot();
    touched.push('Q20', 'Q21');
    const held = await startPayment(siteUrl, donors[0]!, 'reserve', ['Q20', 'Q21']);
    expect(held.status).toBe(200);
    const changed = await changedSince(snapshot.read_time);
    expect(changed.map((cell) => `${cell.id} ${cell.status}`).sort()).toEqual([
      'Q20 held',
      'Q21 held',
    ]);
  });

  it('with donors holding plots while the snapshot is read, snapshot plus changes is never stale', async () => {
    const plots = ['R10', 'R11', 'R12', 'R13', 'R14', 'R15', 'R16', 'R17'];
    touched.push(...plots);
    for (let round = 0; round < 3; round += 1) {
      await resetCells(db(), plots);
      // Every donor reaches for two plots (some the same) while the map loads.
      const holds = donors.map((donor, i) =>
        startPayment(siteUrl, donor, 'buy', [plots[(i + round) % 8]!, plots[(i * 3 + 1) % 8]!]),
      );
      const [{ snapshot }] = await Promise.all([mapSnapshot(), ...holds]);
      const shown = new Map(snapshot.cells.map((cell) => [cell.id, cell]));
      for (const cell of await changedSince(snapshot.read_time)) shown.set(cell.id, cell);
      const now = Date.now();
      const stored = await readCells(db(), plots);
      expect(
        plots.map((plot) => `${plot} ${effectiveStatus(shown.get(plot)!, now)}`),
        `round ${round}`,
      ).toEqual(stored.map((cell) => `${cell.id} ${effectiveStatus(cell, now)}`));
    }
  });
});
