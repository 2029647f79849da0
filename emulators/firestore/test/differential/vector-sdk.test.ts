/**
 * Vector search end to end through firebase-admin (gRPC): `collection.findNearest(...)` on our
 * emulator gives the documents, order and distances that Google's emulator gives (where its jar
 * is installed), and the nearest documents worked out by hand (everywhere).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { VectorQuery } from '@google-cloud/firestore';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorHost } from '../conformance/support/env.ts';
import type { GoogleEmulator } from '../rules/support/google-emulator.ts';
import { caseProjectId } from './support/normalise.ts';
import { GOOGLE_EMULATOR_JAR, googleAvailable, startGoogle } from './support/google.ts';

const apps: App[] = [];

/** A client of the emulator at `host` (the SDK reads its emulator from the environment, once). */
function adminClient(host: string): Firestore {
  const previous = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  try {
    const projectId = caseProjectId();
    const app = initializeApp({ projectId }, `vector-${projectId}`);
    apps.push(app);
    return getFirestore(app);
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = previous;
  }
}

const PLOTS: Record<string, { embedding: number[]; zone: string }> = {
  a: { embedding: [0.1, 0.7, 0.3], zone: 'north' },
  b: { embedding: [0.33, -0.21, 0.9], zone: 'south' },
  c: { embedding: [1.7, 2.9, -3.3], zone: 'north' },
  d: { embedding: [0.001, 500, 7.77], zone: 'south' },
  e: { embedding: [1, 0], zone: 'north' },
};

async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  for (const [id, { embedding, zone }] of Object.entries(PLOTS))
    batch.set(db.doc(`plots/${id}`), { embedding: FieldValue.vector(embedding), zone });
  await batch.commit();
}

type Search = (db: Firestore) => VectorQuery;
const QUERY = [0.3, 0.1, 0.6];

/** [name, search, the ids expected in order] */
const SEARCHES: [string, Search, string[]][] = [
  [
    'euclidean, limit 3, with the distance',
    (db) =>
      db.collection('plots').findNearest({
        vectorField: 'embedding',
        queryVector: QUERY,
        limit: 3,
        distanceMeasure: 'EUCLIDEAN',
        distanceResultField: 'distance',
      }),
    ['b', 'a', 'c'],
  ],
  [
    'cosine under a threshold, a vector value as the query',
    (db) =>
      db.collection('plots').findNearest({
        vectorField: 'embedding',
        queryVector: FieldValue.vector(QUERY),
        limit: 10,
        distanceMeasure: 'COSINE',
        distanceThreshold: 0.5,
        distanceResultField: 'distance',
      }),
    ['b', 'a'],
  ],
  [
    'dot product after a pre-filter',
    (db) =>
      db.collection('plots').where('zone', '==', 'north').findNearest({
        vectorField: 'embedding',
        queryVector: QUERY,
        limit: 10,
        distanceMeasure: 'DOT_PRODUCT',
        distanceResultField: 'similarity',
      }),
    ['a', 'c'],
  ],
];

async function answer(db: Firestore, search: Search): Promise<unknown[]> {
  const snapshot = await search(db).get();
  return snapshot.docs.map((doc) => {
    const data = doc.data();
    return {
      id: doc.id,
      ...data,
      embedding: (data.embedding as { toArray(): number[] }).toArray(),
    };
  });
}

describe('differential (firebase-admin findNearest)', () => {
  let ours: Firestore;
  let google: GoogleEmulator | undefined;
  let theirs: Firestore | undefined;
  beforeAll(async () => {
    ours = adminClient(emulatorHost());
    await seed(ours);
    if (!googleAvailable()) return;
    google = await startGoogle();
    theirs = adminClient(google.url.replace('http://', ''));
    await seed(theirs);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await google?.stop();
  });

  for (const [name, search, ids] of SEARCHES) {
    it(name, async () => {
      const result = await answer(ours, search);
      expect(result.map((doc) => (doc as { id: string }).id)).toEqual(ids);
      if (theirs) expect(result).toEqual(await answer(theirs, search));
    });
  }
});

if (!googleAvailable())
  it.skip(`differential (firebase-admin findNearest) against Google's emulator: skipped, no jar at ${GOOGLE_EMULATOR_JAR}`, () => {});
