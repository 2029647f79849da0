/**
 * Benchmark page: one web-SDK Firestore client with several onSnapshot listeners on different
 * target types, recording when each listener first sees each `seq` value.
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  where,
  type QuerySnapshot,
} from 'firebase/firestore';

const now = () => performance.timeOrigin + performance.now();

interface State {
  arrivals: Record<number, number>[];
  ready: boolean[];
  errors: string[];
}
const state: State = { arrivals: [], ready: [], errors: [] };

function start(cfg: {
  projectId: string;
  host: string;
  port: number;
  listeners: number;
  longPolling?: boolean;
}) {
  setLogLevel('silent');
  const app = initializeApp({
    projectId: cfg.projectId,
    apiKey: 'fake-api-key',
    appId: '1:1:web:1',
  });
  const db = initializeFirestore(
    app,
    cfg.longPolling ? { experimentalForceLongPolling: true } : {},
  );
  connectFirestoreEmulator(db, cfg.host, cfg.port);
  const live = collection(db, 'live');
  // Metadata changes too, so the fromCache -> false transition (readiness) is observed.
  const meta = { includeMetadataChanges: true };
  for (let i = 0; i < cfg.listeners; i++) {
    const arrivals: Record<number, number> = {};
    state.arrivals.push(arrivals);
    state.ready.push(false);
    const record = (seqs: number[], fromCache: boolean) => {
      const t = now();
      if (!fromCache) state.ready[i] = true;
      for (const s of seqs) if (typeof s === 'number' && arrivals[s] === undefined) arrivals[s] = t;
    };
    const recordQuery = (s: QuerySnapshot) =>
      record(
        s.docs.map((d) => d.get('seq')),
        s.metadata.fromCache,
      );
    const onErr = (e: Error) => state.errors.push(`listener ${i}: ${e.message}`);
    switch (i % 4) {
      case 0:
        onSnapshot(
          doc(live, 'd'),
          meta,
          (s) => record(s.exists() ? [s.get('seq')] : [], s.metadata.fromCache),
          onErr,
        );
        break;
      case 1:
        onSnapshot(live, meta, recordQuery, onErr);
        break;
      case 2:
        onSnapshot(query(live, where('seq', '>=', 0)), meta, recordQuery, onErr);
        break;
      default:
        onSnapshot(query(live, orderBy('seq', 'desc'), limit(1)), meta, recordQuery, onErr);
    }
  }
}

(globalThis as unknown as { bench: unknown }).bench = { start, state };
