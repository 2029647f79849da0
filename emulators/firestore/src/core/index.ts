/**
 * The emulator core: documents (with version history for readTime reads), commits, queries,
 * transactions with per-document locks (wound-wait), and Listen. Each job lives in its own
 * module and works on one explicit state object (`CoreState`); this file assembles them into
 * the `FirestoreBackend` contract of `src/backend.ts`.
 */
import { randomInt } from 'node:crypto';
import type { Caller, FirestoreBackend, ListenSink, ListenStream } from '../backend.ts';
import type {
  CommitRequest,
  CreateDocumentRequest,
  DeleteDocumentRequest,
  Document,
  RunAggregationQueryRequest,
  RunAggregationQueryResponse,
  RunQueryRequest,
  RunQueryResponse,
  StructuredQuery,
  UpdateDocumentRequest,
  Write,
} from '../proto-types.ts';
import { hooksFor, type AccessHooks } from './access-hooks.ts';
import { Clock, toTimestamp, type Micros } from './clock.ts';
import { batchWrite, commit, notifyCommit, replayCommit, type CommitCheck } from './commit.ts';
import {
  batchGetDocuments,
  documentToProto,
  getDocument,
  listCollectionIds,
  listDocuments,
} from './documents.ts';
import { validateAggregations } from './query-validation.ts';
import { exportData, importData, type ExportedData } from './export.ts';
import { ListenStreamImpl } from './listen.ts';
import { parseDatabase } from './paths.ts';
import { aggregate, parseQueryRequest, runQueryIn, type ParsedQuery } from './queries.ts';
import { readContext } from './reads.ts';
import { applyJournalEntry, type JournalEntry } from './journal-entry.ts';
import type { ChangeHook, CoreState, IndexGate } from './state.ts';
import { DatabaseRegistry } from './storage.ts';
import { invalidArgument, TransactionRegistry } from './transactions.ts';

export { fromTimestamp, toTimestamp } from './clock.ts';
export type { ExportedData } from './export.ts';
export { journalEntryOf, type JournalEntry } from './journal-entry.ts';

export type Backend = FirestoreBackend & {
  exportData(): ExportedData;
  importData(data: ExportedData): void;
  /** Called (synchronously) after every commit that changed documents. Returns an unsubscribe. */
  onChange(callback: ChangeHook): () => void;
  /** Replays a journaled commit (at start, before any client). */
  applyJournalEntry(entry: JournalEntry): void;
  /** Replays a journaled Commit request: its writes, at its commit time (at start). */
  replayCommit(request: CommitRequest, commitTime: Micros): void;
};

export function createCoreState(access?: AccessHooks, indexes?: IndexGate): CoreState {
  const clock = new Clock();
  return {
    clock,
    databases: new DatabaseRegistry(),
    transactions: new TransactionRegistry(clock),
    listenStreams: new Set(),
    changeHooks: new Set(),
    access,
    indexes,
  };
}

/** Security rules of a query: a `list` of the collection (or group) it reads. */
function checkList(
  state: CoreState,
  parsed: ParsedQuery,
  structuredQuery: StructuredQuery,
  caller?: Caller,
) {
  const access = hooksFor(state.access, caller);
  if (!access) return;
  const { parentPath, collectionId, allDescendants } = parsed.query.scope;
  access.list(caller!, parsed.database, {
    collectionPath: parentPath === '' ? collectionId : `${parentPath}/${collectionId}`,
    structuredQuery,
    allDescendants,
  });
}

function commitCheck(state: CoreState, caller?: Caller): CommitCheck | undefined {
  const access = hooksFor(state.access, caller);
  if (!access) return undefined;
  return (database, staged, commitTime) => access.commit(caller!, database, staged, commitTime);
}

async function runQuery(
  state: CoreState,
  request: RunQueryRequest,
  caller?: Caller,
): Promise<RunQueryResponse[]> {
  const structuredQuery = request.structuredQuery;
  const parsed = parseQueryRequest(state, request, structuredQuery);
  checkList(state, parsed, structuredQuery!, caller);
  const { database, query } = parsed;
  const context = readContext(state, database, request);
  const results = await runQueryIn(state, context, query);
  const readTime = toTimestamp(context.readTime);
  const responses: RunQueryResponse[] = results.map(({ path, doc }) => {
    const document = documentToProto(database, path, doc);
    if (query.hasProjection) document.fields = query.project(doc.fields);
    return { document, readTime };
  });
  if (!responses.length) responses.push({ readTime });
  else if (Number(structuredQuery!.offset ?? 0) > 0)
    responses[0]!.skippedResults = Number(structuredQuery!.offset);
  if (context.newTransactionId) responses[0]!.transaction = context.newTransactionId;
  return responses;
}

async function runAggregationQuery(
  state: CoreState,
  request: RunAggregationQueryRequest,
  caller?: Caller,
): Promise<RunAggregationQueryResponse[]> {
  const aggregationQuery = request.structuredAggregationQuery;
  if (!aggregationQuery) throw invalidArgument('structuredAggregationQuery is required');
  validateAggregations(aggregationQuery.aggregations ?? []);
  const parsed = parseQueryRequest(state, request, aggregationQuery.structuredQuery);
  checkList(state, parsed, aggregationQuery.structuredQuery!, caller);
  const { database, query } = parsed;
  const context = readContext(state, database, request);
  const results = await runQueryIn(state, context, query);
  const aggregateFields = aggregate(aggregationQuery.aggregations ?? [], results);
  const response: RunAggregationQueryResponse = {
    result: { aggregateFields },
    readTime: toTimestamp(context.readTime),
  };
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

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A document id as Firestore makes them: 20 characters from ID_ALPHABET. */
export function randomDocumentId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function databaseOf(documentName: string | undefined): string {
  return String(documentName ?? '')
    .split('/')
    .slice(0, 4)
    .join('/');
}

async function createDocument(
  state: CoreState,
  request: CreateDocumentRequest,
  caller?: Caller,
): Promise<Document> {
  const id = request.documentId || randomDocumentId();
  const name = `${request.parent}/${request.collectionId}/${id}`;
  const fields = request.document?.fields ?? {};
  const write: Write = { update: { name, fields }, currentDocument: { exists: false } };
  await commit(state, { database: databaseOf(name), writes: [write] }, commitCheck(state, caller));
  return getDocument(state, { name, mask: request.mask });
}

async function updateDocument(
  state: CoreState,
  request: UpdateDocumentRequest,
  caller?: Caller,
): Promise<Document> {
  const name = request.document?.name;
  const write: Write = { update: request.document, currentDocument: request.currentDocument };
  if (request.updateMask) write.updateMask = request.updateMask;
  await commit(state, { database: databaseOf(name), writes: [write] }, commitCheck(state, caller));
  return getDocument(state, { name, mask: request.mask });
}

async function deleteDocument(
  state: CoreState,
  request: DeleteDocumentRequest,
  caller?: Caller,
): Promise<void> {
  const write: Write = { delete: request.name, currentDocument: request.currentDocument };
  const check = commitCheck(state, caller);
  await commit(state, { database: databaseOf(request.name), writes: [write] }, check);
}

export function createBackend(state: CoreState = createCoreState()): Backend {
  return {
    getDocument: (request, caller) => getDocument(state, request, caller),
    batchGetDocuments: (request, caller) => batchGetDocuments(state, request, caller),
    runQuery: (request, caller) => runQuery(state, request, caller),
    runAggregationQuery: (request, caller) => runAggregationQuery(state, request, caller),
    listDocuments: (request, caller) => listDocuments(state, request, caller),
    listCollectionIds: (request) => listCollectionIds(state, request),
    async beginTransaction(request) {
      const database = state.databases.databaseFor(parseDatabase(request.database));
      return { transaction: state.transactions.begin(database, request.options).idBytes };
    },
    async rollback(request) {
      const database = state.databases.databaseFor(parseDatabase(request.database));
      state.transactions.retire(state.transactions.lookup(database, request.transaction));
    },
    commit: (request, caller) => commit(state, request, commitCheck(state, caller)),
    batchWrite: async (request, caller) => batchWrite(state, request, commitCheck(state, caller)),
    createDocument: (request, caller) => createDocument(state, request, caller),
    updateDocument: (request, caller) => updateDocument(state, request, caller),
    deleteDocument: (request, caller) => deleteDocument(state, request, caller),
    openListen: (sink, caller) => new ListenStreamImpl(state, sink, caller),
    clear: (projectId) => clearProject(state, projectId),
    onChange(callback) {
      state.changeHooks.add(callback);
      return () => state.changeHooks.delete(callback);
    },
    exportData: () => exportData(state),
    importData: (data) => importData(state, data),
    applyJournalEntry: (entry) => applyJournalEntry(state, entry),
    replayCommit: (request, commitTime) => replayCommit(state, request, commitTime),
  };
}

export type { ListenSink, ListenStream };
