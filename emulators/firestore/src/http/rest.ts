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
import { Code, type Caller, type FirestoreBackend, type Msg } from '../backend.ts';
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
  /** Where the URL's resource goes in the request message. */
  resourceField?: 'database' | 'parent';
  requestType?: string;
  responseType: string;
  /** Server-streaming methods answer a JSON array. */
  streaming?: boolean;
  /** Builds the request message from the URL (and the body when `hasBody`). */
  request?: (call: RestCall) => Msg;
  /** A `request` route that reads a JSON body. */
  hasBody?: boolean;
  invoke(backend: FirestoreBackend, request: Msg, caller: Caller): Promise<Msg | Msg[] | void>;
}

function rpc(
  requestType: string,
  responseType: string,
  resourceField: 'database' | 'parent',
  invoke: Route['invoke'],
  streaming = false,
): Route {
  return { requestType, responseType, resourceField, invoke, streaming };
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
function maskParameter(url: URL, name: string): Msg | undefined {
  const fieldPaths = url.searchParams.getAll(`${name}.fieldPaths`);
  return fieldPaths.length ? { fieldPaths } : undefined;
}

/** `currentDocument.exists=true|false` or `currentDocument.updateTime=<RFC 3339>`. */
function preconditionParameter(url: URL): Msg | undefined {
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

function updateDocumentRequest(call: RestCall): Msg {
  const document = fromProto3Json('Document', call.body, true);
  document.name = call.resource;
  const request: Msg = { document };
  const updateMask = maskParameter(call.url, 'updateMask');
  if (updateMask) request.updateMask = updateMask;
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  const currentDocument = preconditionParameter(call.url);
  if (currentDocument) request.currentDocument = currentDocument;
  return request;
}

function createDocumentRequest(call: RestCall): Msg {
  const segments = call.segments.slice(0, -1);
  const parent = segments.length
    ? `${call.database}/documents/${segments.join('/')}`
    : `${call.database}/documents`;
  const document = fromProto3Json('Document', call.body, true);
  const request: Msg = { parent, collectionId: call.segments[call.segments.length - 1], document };
  const documentId = call.url.searchParams.get('documentId');
  if (documentId) request.documentId = documentId;
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  return request;
}

function deleteDocumentRequest(call: RestCall): Msg {
  const request: Msg = { name: call.resource };
  const currentDocument = preconditionParameter(call.url);
  if (currentDocument) request.currentDocument = currentDocument;
  return request;
}

function getDocumentRequest(call: RestCall): Msg {
  const request: Msg = { name: call.resource };
  const mask = maskParameter(call.url, 'mask');
  if (mask) request.mask = mask;
  const transaction = call.url.searchParams.get('transaction');
  if (transaction) request.transaction = Buffer.from(transaction, 'base64');
  return request;
}

function listDocumentsRequest(call: RestCall): Msg {
  const segments = call.segments.slice(0, -1);
  const collectionId = call.segments[call.segments.length - 1]!;
  const parent = segments.length
    ? `${call.database}/documents/${segments.join('/')}`
    : `${call.database}/documents`;
  const request: Msg = { parent, collectionId };
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
  'GET document': {
    responseType: 'Document',
    request: getDocumentRequest,
    invoke: (b, r, c) => b.getDocument(r, c),
  },
  'GET subcollections': {
    responseType: 'ListDocumentsResponse',
    request: (call) => ({ ...listDocumentsRequest(call), parent: call.resource, collectionId: '' }),
    invoke: (b, r, c) => b.listDocuments(r, c),
  },
  'GET collection': {
    responseType: 'ListDocumentsResponse',
    request: listDocumentsRequest,
    invoke: (b, r, c) => b.listDocuments(r, c),
  },
  'PATCH document': {
    responseType: 'Document',
    request: updateDocumentRequest,
    hasBody: true,
    invoke: (b, r, c) => b.updateDocument(r, c),
  },
  'POST collection': {
    responseType: 'Document',
    request: createDocumentRequest,
    hasBody: true,
    invoke: (b, r, c) => b.createDocument(r, c),
  },
  'DELETE document': {
    responseType: 'Empty',
    request: deleteDocumentRequest,
    invoke: (b, r, c) => b.deleteDocument(r, c),
  },
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

function send(res: http.ServerResponse, route: Route, response: Msg | Msg[] | void): void {
  if (route.streaming) {
    const responses = ((response ?? []) as Msg[]).map((r) => toProto3Json(route.responseType, r));
    // Firestore marks the last answer of a finished query stream with `done: true`.
    const last = responses[responses.length - 1];
    if (route.responseType.startsWith('Run') && last) last.done = true;
    sendJson(res, 200, responses);
  } else if (route.responseType === 'Empty') sendJson(res, 200, {});
  else sendJson(res, 200, toProto3Json(route.responseType, (response ?? {}) as Msg));
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
    const body = route.requestType || route.hasBody ? await readJsonBody(req, res) : {};
    const call: RestCall = { database, resource, segments, url, body };
    debug(`REST ${method} ${match[4] ?? ''} ${resource} ${JSON.stringify(body).slice(0, 600)}`);
    let request: Msg;
    if (route.request) request = route.request(call);
    else {
      request = fromProto3Json(route.requestType!, body, true);
      if (route.resourceField) request[route.resourceField] = resource;
    }
    if (route.resourceField === 'database') request.database = database;
    const caller = callerFromAuthorization(req.headers.authorization);
    send(res, route, await route.invoke(backend, request, caller));
  } catch (e) {
    sendError(res, e);
  }
}
