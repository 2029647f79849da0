/** Document reads: GetDocument, BatchGetDocuments, ListDocuments, ListCollectionIds. */
import { Code, FirestoreError, type Caller } from '../backend.ts';
import type {
  BatchGetDocumentsRequest,
  BatchGetDocumentsResponse,
  Document,
  DocumentMask,
  GetDocumentRequest,
  ListCollectionIdsRequest,
  ListCollectionIdsResponse,
  ListDocumentsRequest,
  ListDocumentsResponse,
  StructuredQuery_Order,
} from '../proto-types.ts';
import { hooksFor } from './access-hooks.ts';
import { toTimestamp } from './clock.ts';
import {
  docName,
  parseDatabase,
  parseDocumentName,
  parseFieldPath,
  parseParent,
  projectFields,
} from './paths.ts';
import { compileQuery } from './query.ts';
import { readContext, readDocuments } from './reads.ts';
import type { CoreState } from './state.ts';
import type { Database, StoredDoc } from './storage.ts';
import { invalidArgument } from './transactions.ts';
import { compareStrings } from './values.ts';

export function documentToProto(
  database: Database,
  path: string,
  doc: StoredDoc,
  mask?: string[][],
): Document {
  return {
    name: docName(database.name, path),
    fields: mask ? projectFields(doc.fields, mask) : doc.fields,
    createTime: toTimestamp(doc.createTime),
    updateTime: toTimestamp(doc.updateTime),
  };
}

function maskOf(request: { mask?: DocumentMask }): string[][] | undefined {
  if (!request.mask) return undefined;
  return (request.mask.fieldPaths ?? []).map(parseFieldPath);
}

/** Page tokens are offsets (base64 of the decimal number). */
function page<T>(
  items: T[],
  request: { pageToken?: string; pageSize?: number },
): { items: T[]; nextPageToken?: string } {
  const token = request.pageToken;
  const start = token ? Number(Buffer.from(token, 'base64').toString()) || 0 : 0;
  const size = Number(request.pageSize ?? 0) || items.length;
  const end = start + size;
  const nextPageToken =
    end < items.length ? Buffer.from(String(end)).toString('base64') : undefined;
  return { items: items.slice(start, end), nextPageToken };
}

export async function getDocument(
  state: CoreState,
  request: GetDocumentRequest,
  caller?: Caller,
): Promise<Document> {
  const parsed = parseDocumentName(request.name);
  const database = state.databases.databaseFor(parsed);
  const context = readContext(state, database, request);
  const [doc] = await readDocuments(state, context, [parsed.path]);
  hooksFor(state.access, caller)?.get(caller!, database, parsed.path, doc ?? null);
  if (!doc) throw new FirestoreError(Code.NOT_FOUND, `Document "${request.name}" not found`);
  return documentToProto(database, parsed.path, doc, maskOf(request));
}

export async function batchGetDocuments(
  state: CoreState,
  request: BatchGetDocumentsRequest,
  caller?: Caller,
): Promise<BatchGetDocumentsResponse[]> {
  const database = state.databases.databaseFor(parseDatabase(request.database));
  const names = request.documents ?? [];
  const paths = names.map((name) => {
    const parsed = parseDocumentName(name);
    if (parsed.db !== database.name) {
      throw invalidArgument(`Document ${name} is not in database ${database.name}`);
    }
    return parsed.path;
  });
  const context = readContext(state, database, request);
  const docs = await readDocuments(state, context, paths);
  const access = hooksFor(state.access, caller);
  if (access) paths.forEach((path, i) => access.get(caller!, database, path, docs[i] ?? null));
  const mask = maskOf(request);
  const readTime = toTimestamp(context.readTime);
  const responses: BatchGetDocumentsResponse[] = docs.map((doc, i) =>
    doc
      ? { found: documentToProto(database, paths[i]!, doc, mask), readTime }
      : { missing: names[i], readTime },
  );
  if (context.newTransactionId) {
    if (responses.length) responses[0]!.transaction = context.newTransactionId;
    else responses.push({ transaction: context.newTransactionId, readTime });
  }
  return responses;
}

/** ListDocuments' `orderBy` ("n desc, s") as StructuredQuery orders. */
function listOrders(orderBy: unknown): StructuredQuery_Order[] {
  if (!orderBy) return [];
  return String(orderBy)
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .map(([fieldPath, direction]) => {
      const dir = (direction ?? 'asc').toLowerCase();
      if (!fieldPath || (dir !== 'asc' && dir !== 'desc'))
        throw invalidArgument(`Invalid order_by: "${String(orderBy)}"`);
      return {
        field: { fieldPath },
        direction: dir === 'desc' ? 'DESCENDING' : 'ASCENDING',
      } as const;
    });
}

export async function listDocuments(
  state: CoreState,
  request: ListDocumentsRequest,
  caller?: Caller,
): Promise<ListDocumentsResponse> {
  const orders = listOrders(request.orderBy);
  if (orders.length && request.showMissing)
    throw invalidArgument('cannot specify an order when show_missing is true');
  if (Number(request.pageSize ?? 0) < 0) throw invalidArgument('page_size must be non-negative');
  const parent = parseParent(request.parent);
  const database = state.databases.databaseFor(parent);
  const context = readContext(state, database, request);
  const collectionId = String(request.collectionId ?? '');
  hooksFor(state.access, caller)?.list(caller!, database, {
    collectionPath: parent.path === '' ? collectionId : `${parent.path}/${collectionId}`,
    structuredQuery: { from: [{ collectionId }] },
    allDescendants: false,
  });
  const prefix = parent.path === '' ? '' : parent.path + '/';
  const depth = parent.segments.length;
  // showMissing lists documents that do not exist but have subcollections.
  const found = new Map<string, StoredDoc | null>();
  for (const path of database.paths()) {
    if (!path.startsWith(prefix)) continue;
    const segments = path.split('/');
    if (segments.length < depth + 2) continue;
    if (collectionId && segments[depth] !== collectionId) continue;
    const documentPath = segments.slice(0, depth + 2).join('/');
    if (found.get(documentPath)) continue;
    const doc = database.get(documentPath, context.at);
    if ((doc || request.showMissing) && (documentPath !== path || doc))
      found.set(documentPath, doc);
  }
  if (!request.showMissing) for (const [path, doc] of found) if (!doc) found.delete(path);
  let paths = [...found.keys()].sort((a, b) => compareStrings(a, b));
  if (orders.length) {
    // Ordered like a query: documents without an ordered field are left out.
    const query = compileQuery(parent, { from: [{ collectionId }], orderBy: orders });
    paths = paths
      .map((path) => ({
        path,
        name: docName(database.name, path),
        fields: found.get(path)!.fields,
      }))
      .filter((candidate) => query.matches(candidate))
      .sort(query.compare)
      .map((candidate) => candidate.path);
  }
  const { items, nextPageToken } = page(paths, request);
  const mask = maskOf(request);
  const response: ListDocumentsResponse = {
    documents: items.map((path) => {
      const doc = found.get(path);
      return doc
        ? documentToProto(database, path, doc, mask)
        : { name: docName(database.name, path) };
    }),
  };
  if (nextPageToken) response.nextPageToken = nextPageToken;
  return response;
}

export async function listCollectionIds(
  state: CoreState,
  request: ListCollectionIdsRequest,
): Promise<ListCollectionIdsResponse> {
  const parent = parseParent(request.parent);
  const database = state.databases.databaseFor(parent);
  const context = readContext(state, database, request);
  const prefix = parent.path === '' ? '' : parent.path + '/';
  const ids = new Set<string>();
  for (const [path] of database.all(context.at)) {
    if (!path.startsWith(prefix)) continue;
    const id = path.slice(prefix.length).split('/')[0];
    if (id) ids.add(id);
  }
  const { items, nextPageToken } = page([...ids].sort(compareStrings), request);
  const response: ListCollectionIdsResponse = { collectionIds: items };
  if (nextPageToken) response.nextPageToken = nextPageToken;
  return response;
}
