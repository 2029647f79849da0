/**
 * The emulator core: documents (with version history for readTime reads), commits, queries,
 * transactions with per-document locks (wound-wait), and Listen. Each job lives in its own
 * module and works on one explicit state object (`CoreState`); this file assembles them into
 * the `FirestoreBackend` contract of `src/backend.ts`.
 */
import type { FirestoreBackend, ListenSink, ListenStream, Msg } from '../backend.ts';
import { Clock, toTimestamp } from './clock.ts';
import { batchWrite, commit, notifyCommit } from './commit.ts';
import {
  batchGetDocuments,
  documentToProto,
  getDocument,
  listCollectionIds,
  listDocuments,
} from './documents.ts';
import { exportData, importData, type ExportedData } from './export.ts';
import { ListenStreamImpl } from './listen.ts';
import { parseDatabase } from './paths.ts';
import { aggregate, parseQueryRequest, runQueryIn } from './queries.ts';
import { readContext } from './reads.ts';
import type { CoreState } from './state.ts';
import { DatabaseRegistry } from './storage.ts';
import { invalidArgument, TransactionRegistry } from './transactions.ts';

export { fromTimestamp, toTimestamp } from './clock.ts';
export type { ExportedData } from './export.ts';

export type Backend = FirestoreBackend & {
  exportData(): ExportedData;
  importData(data: ExportedData): void;
  /** Called (synchronously) after every change to stored documents. Returns an unsubscribe. */
  onChange(callback: () => void): () => void;
};

export function createCoreState(): CoreState {
  const clock = new Clock();
  return {
    clock,
    databases: new DatabaseRegistry(),
    transactions: new TransactionRegistry(clock),
    listenStreams: new Set(),
    changeHooks: new Set(),
  };
}

async function runQuery(state: CoreState, request: Msg): Promise<Msg[]> {
  const { database, query } = parseQueryRequest(state, request, request.structuredQuery);
  const context = readContext(state, database, request);
  const results = await runQueryIn(state, context, query);
  const readTime = toTimestamp(context.readTime);
  const responses: Msg[] = results.map(({ path, doc }) => {
    const document = documentToProto(database, path, doc);
    if (query.hasProjection) document.fields = query.project(doc.fields);
    return { document, readTime };
  });
  if (!responses.length) responses.push({ readTime });
  if (context.newTransactionId) responses[0]!.transaction = context.newTransactionId;
  return responses;
}

async function runAggregationQuery(state: CoreState, request: Msg): Promise<Msg[]> {
  const aggregationQuery = request.structuredAggregationQuery;
  if (!aggregationQuery) throw invalidArgument('structuredAggregationQuery is required');
  const { database, query } = parseQueryRequest(state, request, aggregationQuery.structuredQuery);
  const context = readContext(state, database, request);
  const results = await runQueryIn(state, context, query);
  const aggregateFields = aggregate((aggregationQuery.aggregations ?? []) as Msg[], results);
  const response: Msg = { result: { aggregateFields }, readTime: toTimestamp(context.readTime) };
  if (context.newTransactionId) response.transaction = context.newTransactionId;
  return [response];
}

function clearProject(state: CoreState, projectId: string): void {
  for (const database of state.databases.all()) {
    if (database.project !== projectId) continue;
    const existing = [...database.all()];
    database.clear();
    if (!existing.length) continue;
    const changes = existing.map(([path, doc]) => ({ path, before: doc, after: null }));
    notifyCommit(state, database, changes, state.clock.nextCommitTime());
  }
}

export function createBackend(state: CoreState = createCoreState()): Backend {
  return {
    getDocument: (request) => getDocument(state, request),
    batchGetDocuments: (request) => batchGetDocuments(state, request),
    runQuery: (request) => runQuery(state, request),
    runAggregationQuery: (request) => runAggregationQuery(state, request),
    listDocuments: (request) => listDocuments(state, request),
    listCollectionIds: (request) => listCollectionIds(state, request),
    async beginTransaction(request) {
      const database = state.databases.databaseFor(parseDatabase(request.database));
      return { transaction: state.transactions.begin(database, request.options).idBytes };
    },
    async rollback(request) {
      const database = state.databases.databaseFor(parseDatabase(request.database));
      state.transactions.retire(state.transactions.lookup(database, request.transaction));
    },
    commit: (request) => commit(state, request),
    batchWrite: async (request) => batchWrite(state, request),
    openListen: (sink) => new ListenStreamImpl(state, sink),
    clear: (projectId) => clearProject(state, projectId),
    onChange(callback) {
      state.changeHooks.add(callback);
      return () => state.changeHooks.delete(callback);
    },
    exportData: () => exportData(state),
    importData: (data) => importData(state, data),
  };
}

export type { ListenSink, ListenStream };
