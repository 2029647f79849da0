/**
 * The REST (HTTP/JSON) surface, as a table of routes:
 *   POST /v1/projects/{p}/databases/{d}/documents[/{path}]:{commit|batchGet|runQuery|
 *        runAggregationQuery|beginTransaction|rollback|listCollectionIds|batchWrite}
 *   GET    .../documents/{path}  (a document, or a collection listing)
 *   PATCH  .../documents/{document}  (UpdateDocument: updateMask, mask, currentDocument)
 *   POST   .../documents/{collection}  (CreateDocument: documentId, mask)
 *   DELETE .../documents/{document}  (DeleteDocument: currentDocument)
 * Streaming methods answer a JSON array of responses. Every call is made as the caller of its
 * `Authorization` header, so security rules apply to all of them.
 */
import type http from 'node:http';
import { Code, type Caller, type FirestoreBackend } from '../backend.ts';
import type {
  CreateDocumentRequest,
  DeleteDocumentRequest,
  DocumentMask,
  GetDocumentRequest,
  ListDocumentsRequest,
  Messages,
  Precondition,
  UpdateDocumentRequest,
} from '../proto-types.ts';
import { callerFromAuthorization } from '../caller.ts';
import { fromProto3Json, toProto3Json } from './proto-json.ts';
import { debug, HttpError, readJsonBody, sendError, sendJson } from './util.ts';

const REST_RE =
  /^\/v1\/projects\/([^/:]+)\/databases\/([^/:]+)\/documents(\/[^:]*)?(?::([A-Za-z]+))?\/?$/;

export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/v1/');
}

/** One REST request, parsed from its URL. */
interface RestCall {
  /** `projects/P/databases/D` */
  database: string;
  /** The full resource name the URL names (`.../documents` or `.../documents/a/b`). */
  resource: string;
  /** The path segments after `documents/`. */
  segments: string[];
  url: URL;
  /** The JSON body, for methods that have one. */
  body: Record<string, unknown>;
}

interface Route {
  /** The route reads a JSON body. */
  hasBody: boolean;
  /** Builds the request from the call, has the backend answer it, and gives the JSON answer. */
  answer(backend: FirestoreBackend, call: RestCall, caller: Caller): Promise<unknown>;
}

type ResponseName = keyof Messages | 'Empty';
type Answer<R extends ResponseName> = R extends keyof Messages ? Messages[R] : void;

/** The JSON of a response: for server-streaming methods an array. */
function responseJson<R extends ResponseName>(
  responseType: R,
  response: Answer<R> | Answer<R>[],
  streaming: boolean,
): unknown {
  if (responseType === 'Empty') return {};
  const type = responseType as keyof Messages;
  if (!streaming) return toProto3Json(type, response as Messages[typeof type]);
  const responses = (response as Messages[typeof type][]).map((r) => toProto3Json(type, r));
  // Firestore marks the last answer of a finished query stream with `done: true`.
  const last = responses[responses.length - 1];
  if (responseType.startsWith('Run') && last) last.done = true;
  return responses;
}

/** `POST {resource}:{method}`: the request is the JSON body, with the URL's resource in it. */
function rpc<N extends keyof Messages, R extends ResponseName>(
  requestType: N,
  responseType: R,
  resourceField: 'database' | 'parent',
  invoke: (
    backend: FirestoreBackend,
    request: Messages[N],
    caller: Caller,
  ) => Promise<Answer<R> | Answer<R>[]>,
  streaming = false,
): Route {
  return {
    hasBody: true,
    async answer(backend, call, caller) {
      const request = fromProto3Json(requestType, call.body, true);
      const named = request as Messages[N] & { database?: string; parent?: string };
      named[resourceField] = call.resource;
      if (resourceField === 'database') named.database = call.database;
      return responseJson(responseType, await invoke(backend, request, caller), streaming);
    },
  };
}

/** A route on a document or collection path: the request is built from the URL (and body). */
function pathRoute<Q, R extends ResponseName>(
  responseType: R,
  request: (call: RestCall) => Q,
  invoke: (backend: FirestoreBackend, request: Q, caller: Caller) => Promise<Answer<R>>,
  hasBody = false,
): Route {
  return {
    hasBody,
    async answer(backend, call, caller) {
      return responseJson(responseType, await invoke(backend, request(call), caller), false);
    },
  };
}

/** POST {resource}:{method} */
const RPC_ROUTES: Record<string, Route> = {
  commit: rpc('CommitRequest', 'CommitResponse', 'database', (b, r, c) => b.commit(r, c)),
  batchGet: rpc(
    'BatchGetDocumentsRequest',
    'BatchGetDocumentsResponse',
    'database',
    (b, r, c) => b.batchGetDocuments(r, c),
    true,
  ),
  runQuery: rpc(
    'RunQueryRequest',
    'RunQueryResponse',
    'parent',
    (b, r, c) => b.runQuery(r, c),
    true,
  ),
  runAggregationQuery: rpc(
    'RunAggregationQueryRequest',
    'RunAggregationQueryResponse',
    'parent',
    (b, r, c) => b.runAggregationQuery(r, c),
    true,
  ),
  beginTransaction: rpc(
    'BeginTransactionRequest',
    'BeginTransactionResponse',
    'database',
    (b, r, c) => b.beginTransaction(r, c),
  ),
  rollback: rpc('RollbackRequest', 'Empty', 'database', (b, r, c) => b.rollback(r, c)),
  listCollectionIds: rpc(
    'ListCollectionIdsRequest',
    'ListCollectionIdsResponse',
    'parent',
    (b, r, c) => b.listCollectionIds(r, c),
  ),
  batchWrite: rpc('BatchWriteRequest', 'BatchWriteResponse', 'database', (b, r, c) =>
    b.batchWrite(r, c),
  ),
};

/** `mask.fieldPaths=a&mask.fieldPaths=b` -> `{ fieldPaths: [a, b] }`. */
function maskParameter(url: URL, name: string): DocumentMask | undefined {
  const fieldPaths = url.searchParams.getAll(`${name}.fieldPaths`);
  return fieldPaths.length ? { fieldPaths } : undefined;
}

/** `currentDocument.exists=true|false` or `currentDocument.updateTime=<RFC 3339>`. */
function preconditionParameter(url: URL): Precondition | undefined {
  const exists = url.searchParams.get('currentDocument.exists');
  if (exists !== null) {
    if (exists !== 'true' && exists !== 'false') {
      throw new HttpError(
        400,
        Code.INVALID_ARGUMENT,
        `Invalid value at 'current_document.exists' (TYPE_BOOL), "${exists}"`,
      );
    }
    return { exists: exists === 'true' };
  }
  const updateTime = url.searchParams.get('currentDocument.updateTime');
  if (updateTime !== null) {
    return fromProto3Json('Precondition', { updateTime });
  }
  return undefined;
}

function updateDocumentRequest(call: RestCall): UpdateDocumentRequest {
  const document = fromProto3Json('Document', call.body, true);
  document.name = call.resource;
  const request: UpdateDocumentRequest = { document };
  const updateMask = maskParameter(call.url, 'updateMask');
  if (updateMask) request.updateMask = updateMask;
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  const currentDocument = preconditionParameter(call.url);
  if (currentDocument) request.currentDocument = currentDocument;
  return request;
}

function createDocumentRequest(call: RestCall): CreateDocumentRequest {
  const segments = call.segments.slice(0, -1);
  const parent = segments.length
    ? `${call.database}/documents/${segments.join('/')}`
    : `${call.database}/documents`;
  const document = fromProto3Json('Document', call.body, true);
  const collectionId = call.segments[call.segments.length - 1];
  const request: CreateDocumentRequest = { parent, collectionId, document };
  const documentId = call.url.searchParams.get('documentId');
  if (documentId) request.documentId = documentId;
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  return request;
}

function deleteDocumentRequest(call: RestCall): DeleteDocumentRequest {
  const request: DeleteDocumentRequest = { name: call.resource };
  const currentDocument = preconditionParameter(call.url);
  if (currentDocument) request.currentDocument = currentDocument;
  return request;
}

function getDocumentRequest(call: RestCall): GetDocumentRequest {
  const request: GetDocumentRequest = { name: call.resource };
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  const transaction = call.url.searchParams.get('transaction');
  if (transaction) request.transaction = Buffer.from(transaction, 'base64');
  return request;
}

function listDocumentsRequest(call: RestCall): ListDocumentsRequest {
  const segments = call.segments.slice(0, -1);
  const collectionId = call.segments[call.segments.length - 1]!;
  const parent = segments.length
    ? `${call.database}/documents/${segments.join('/')}`
    : `${call.database}/documents`;
  const request: ListDocumentsRequest = { parent, collectionId };
  const pageSize = call.url.searchParams.get('pageSize');
  if (pageSize) request.pageSize = Number(pageSize);
  const pageToken = call.url.searchParams.get('pageToken');
  if (pageToken) request.pageToken = pageToken;
  const orderBy = call.url.searchParams.get('orderBy');
  if (orderBy) request.orderBy = orderBy;
  if (call.url.searchParams.get('showMissing') === 'true') request.showMissing = true;
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  return request;
}

/** `{HTTP method} {document|collection}`: routes on a path without `:method`. */
const PATH_ROUTES: Record<string, Route> = {
  'GET document': pathRoute('Document', getDocumentRequest, (b, r, c) => b.getDocument(r, c)),
  'GET subcollections': pathRoute(
    'ListDocumentsResponse',
    (call) => ({ ...listDocumentsRequest(call), parent: call.resource, collectionId: '' }),
    (b, r, c) => b.listDocuments(r, c),
  ),
  'GET collection': pathRoute('ListDocumentsResponse', listDocumentsRequest, (b, r, c) =>
    b.listDocuments(r, c),
  ),
  'PATCH document': pathRoute(
    'Document',
    updateDocumentRequest,
    (b, r, c) => b.updateDocument(r, c),
    true,
  ),
  'POST collection': pathRoute(
    'Document',
    createDocumentRequest,
    (b, r, c) => b.createDocument(r, c),
    true,
  ),
  'DELETE document': pathRoute('Empty', deleteDocumentRequest, (b, r, c) => b.deleteDocument(r, c)),
};

/**
 * The path after `documents/`, decoded as a whole, as Firestore does: an encoded slash (`%2F`)
 * separates segments like a plain one. Whether it ended with a slash is kept (see findRoute).
 */
function decodeSegments(raw: string | undefined): { segments: string[]; trailingSlash: boolean } {
  const trailingSlash = !!raw && raw.length > 1 && raw.endsWith('/');
  const path = decodeURIComponent((raw ?? '').replace(/^\/|\/$/g, ''));
  if (path === '') return { segments: [], trailingSlash };
  const segments = path.split('/');
  // `c//a` names nothing: refused, as Firestore does, rather than read as `c/a`.
  if (segments.some((segment) => segment === ''))
    throw new HttpError(400, Code.INVALID_ARGUMENT, `Invalid resource path: "${raw}"`);
  return { segments, trailingSlash };
}

/**
 * A path ending with a slash: `GET doc/` lists the documents of every collection of the
 * document (ListDocuments with no collection id); anything else is refused, as Firestore does.
 */
function trailingSlashRoute(method: string, segments: string[], resource: string): Route {
  if (method === 'GET' && segments.length % 2 === 0) return PATH_ROUTES['GET subcollections']!;
  throw new HttpError(
    400,
    Code.INVALID_ARGUMENT,
    `Document name "${resource}/" has invalid trailing "/".`,
  );
}

function findRoute(method: string, rpcName: string | undefined, segments: string[], url: URL) {
  const notFound = () => new HttpError(404, Code.NOT_FOUND, `Not found: ${method} ${url.pathname}`);
  if (rpcName) {
    if (method !== 'POST') throw notFound();
    const route = RPC_ROUTES[rpcName];
    if (!route) throw new HttpError(404, Code.NOT_FOUND, `Unknown method ${rpcName}`);
    return route;
  }
  if (!segments.length && method === 'GET') {
    throw new HttpError(400, Code.INVALID_ARGUMENT, 'A document or collection path is required.');
  }
  const kind = segments.length % 2 === 0 ? 'document' : 'collection';
  const route = segments.length ? PATH_ROUTES[`${method} ${kind}`] : undefined;
  // A document method on a collection's path (`c/x%2Fy`): the name is wrong, not the route.
  if (!route && kind === 'collection' && (method === 'PATCH' || method === 'DELETE'))
    throw new HttpError(
      400,
      Code.INVALID_ARGUMENT,
      `Document name "${url.pathname}" is not a document.`,
    );
  if (!route) throw notFound();
  return route;
}

export async function handleRest(
  backend: FirestoreBackend,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const match = REST_RE.exec(url.pathname);
    if (!match)
      throw new HttpError(404, Code.NOT_FOUND, `Not found: ${req.method} ${url.pathname}`);
    const database = `projects/${decodeURIComponent(match[1]!)}/databases/${decodeURIComponent(match[2]!)}`;
    const { segments, trailingSlash } = decodeSegments(match[3]);
    const resource = segments.length
      ? `${database}/documents/${segments.join('/')}`
      : `${database}/documents`;
    const method = req.method ?? 'GET';
    const route =
      trailingSlash && !match[4]
        ? trailingSlashRoute(method, segments, resource)
        : findRoute(method, match[4], segments, url);
    const body = route.hasBody ? await readJsonBody(req, res) : {};
    const call: RestCall = { database, resource, segments, url, body };
    debug(`REST ${method} ${match[4] ?? ''} ${resource} ${JSON.stringify(body).slice(0, 600)}`);
    const caller = callerFromAuthorization(req.headers.authorization);
    sendJson(res, 200, await route.answer(backend, call, caller));
  } catch (e) {
    sendError(res, e);
  }
}
