/**
 * The firebase-admin write load of the gRPC kill test in ./journal-kill.test.ts, run in its own
 * process so the test can SIGKILL it after the emulator: the SDK retries a Commit that met
 * UNAVAILABLE for up to ten minutes, which would keep an in-process client from settling.
 *
 * Arguments: PROJECT WORKERS; the emulator comes from FIRESTORE_EMULATOR_HOST. Each worker runs
 * one operation at a time, forever: iteration 0 creates `chain/w{w}`, then by `i % 8` a set, a
 * set, a batch of four, an increment (a batch: `counters/inc` plus a marker), a server
 * timestamp, an update of `chain/w{w}` on its last update time, a delete (exists) of the set of
 * iteration `i - 5`, a transaction (read `counters/tx`, write n + 1, create `txlog/{n + 1}`).
 * One JSON line per event on stdout (synchronous on a pipe): `{"b":[w,i,op,arg]}` before
 * operation i of worker w, `{"a":[w,i,result]}` when it resolved (the write times in
 * microseconds, or the transaction's n), `{"f":[w,i,code]}` when it failed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeApp } from 'firebase-admin/app';
import {
  FieldValue,
  getFirestore,
  type Timestamp,
  type WriteResult,
} from 'firebase-admin/firestore';

export type LoadOp = 'create' | 'set' | 'batch' | 'inc' | 'stamp' | 'chain' | 'delete' | 'tx';
export const SCHEDULE: LoadOp[] = ['set', 'set', 'batch', 'inc', 'stamp', 'chain', 'delete', 'tx'];
export const BATCH_SIZE = 4;
export const PAYLOAD = 'p'.repeat(200);

const micros = (t: Timestamp) => t.seconds * 1_000_000 + Math.round(t.nanoseconds / 1000);
const times = (results: WriteResult[]) => results.map((r) => micros(r.writeTime));
const print = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function main(project: string, workers: number): Promise<void> {
  const db = getFirestore(initializeApp({ projectId: project }));
  const at = FieldValue.serverTimestamp();

  const worker = async (w: number) => {
    let chainTime: Timestamp | undefined;
    for (let i = 0; ; i++) {
      const id = `w${w}-${i}`;
      const op: LoadOp = i === 0 ? 'create' : SCHEDULE[i % SCHEDULE.length]!;
      const target = `w${w}-${i - 5}`;
      print({ b: [w, i, op, op === 'delete' ? target : null] });
      try {
        let result: number[] | number;
        switch (op) {
          case 'create': {
            const written = await db.doc(`chain/w${w}`).create({ w, v: 0, at });
            chainTime = written.writeTime;
            result = times([written]);
            break;
          }
          case 'set':
            result = times([await db.doc(`sets/${id}`).set({ w, i, payload: PAYLOAD })]);
            break;
          case 'batch': {
            const batch = db.batch();
            for (let j = 0; j < BATCH_SIZE; j++) {
              const data = { w, i, j, payload: PAYLOAD };
              batch.set(db.doc(`batches/${id}-${j}`), j === 0 ? { ...data, at } : data);
            }
            result = times(await batch.commit());
            break;
          }
          case 'inc': {
            const batch = db.batch();
            batch.set(db.doc('counters/inc'), { n: FieldValue.increment(1) }, { merge: true });
            batch.set(db.doc(`incs/${id}`), { w, i, at });
            result = times(await batch.commit());
            break;
          }
          case 'stamp':
            result = times([await db.doc(`stamps/${id}`).set({ w, i, at })]);
            break;
          case 'chain': {
            const written = await db
              .doc(`chain/w${w}`)
              .update({ v: i, at }, { lastUpdateTime: chainTime! });
            chainTime = written.writeTime;
            result = times([written]);
            break;
          }
          case 'delete':
            result = times([await db.doc(`sets/${target}`).delete({ exists: true })]);
            break;
          case 'tx':
            result = await db.runTransaction(
              async (t) => {
                const counter = await t.get(db.doc('counters/tx'));
                const n = ((counter.get('n') as number | undefined) ?? 0) + 1;
                t.set(db.doc('counters/tx'), { n });
                t.create(db.doc(`txlog/${n}`), { w, i, n });
                return n;
              },
              { maxAttempts: 100 },
            );
            break;
        }
        print({ a: [w, i, result] });
      } catch (e) {
        print({ f: [w, i, String((e as { code?: unknown }).code ?? (e as Error).message)] });
        if (op === 'create' || op === 'chain') return; // the chain's next precondition is unknown
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
}

if (path.resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const [project, workers] = process.argv.slice(2);
  await main(project!, Number(workers));
}
