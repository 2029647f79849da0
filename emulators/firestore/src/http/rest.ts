/**
 * The REST (HTTP/JSON) surface, as a table of routes:
 *   POST /v1/projects/{p}/databases/{d}/documents[/{path}]:{commit|batchGet|runQuery|
 *        runAggregationQuery|beginTransaction|rollback|listCollectionIds|batchWrite}
 *   GET  /v1/projects/{p}/databases/{d}/documents/{path}  (a document, or a collection listing)
 * Streaming methods answer a JSON array of responses.
 */
import type http from 'node:http';
import { Code, type FirestoreBackend, type Msg } from '../backend.ts';
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
  /** Builds the request message for URL-only routes (GET). */
  request?: (call: RestCall) => Msg;
  invoke(backend: FirestoreBackend, request: Msg): Promise<Msg | Msg[] | void>;
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
  commit: rpc('CommitRequest', 'CommitResponse', 'database', (b, r) => b.commit(r)),
  batchGet: rpc(
    'BatchGetDocumentsRequest',
    'BatchGetDocumentsResponse',
    'database',
    (b, r) => b.batchGetDocuments(r),
    true,
  ),
  runQuery: rpc('RunQueryRequest', 'RunQueryResponse', 'parent', (b, r) => b.runQuery(r), true),
  runAggregationQuery: rpc(
    'RunAggregationQueryRequest',
    'RunAggregationQueryResponse',
    'parent',
    (b, r) => b.runAggregationQuery(r),
    true,
  ),
  beginTransaction: rpc('BeginTransactionRequest', 'BeginTransactionResponse', 'database', (b, r) =>
    b.beginTransaction(r),
  ),
  rollback: rpc('RollbackRequest', 'Empty', 'database', (b, r) => b.rollback(r)),
  listCollectionIds: rpc(
    'ListCollectionIdsRequest',
    'ListCollectionIdsResponse',
    'parent',
    (b, r) => b.listCollectionIds(r),
  ),
  batchWrite: rpc('BatchWriteRequest', 'BatchWriteResponse', 'database', (b, r) =>
    b.batchWrite(r),
  ),
};

function getDocumentRequest(call: RestCall): Msg {
  const request: Msg = { name: call.resource };
  const mask = call.url.searchParams.getAll('mask.fieldPaths');
  if (mask.length) request.mask = { fieldPaths: mask };
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
  return request;
}

/** `{HTTP method} {document|collection}`: routes on a path without `:method`. */
const PATH_ROUTES: Record<string, Route> = {
  'GET document': {
    responseType: 'Document',
    request: getDocumentRequest,
    invoke: (b, r) => b.getDocument(r),
  },
  'GET collection': {
    responseType: 'ListDocumentsResponse',
    request: listDocumentsRequest,
    invoke: (b, r) => b.listDocuments(r),
  },
};

function decodeSegments(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeURIComponent(segment));
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
  if (!route) throw notFound();
  return route;
}

function send(res: http.ServerResponse, route: Route, response: Msg | Msg[] | void): void {
  if (route.streaming) {
    const responses = (response ?? []) as Msg[];
    sendJson(
      res,
      200,
      responses.map((r) => toProto3Json(route.responseType, r)),
    );
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
    if (!match) throw new HttpError(404, Code.NOT_FOUND, `Not found: ${req.method} ${url.pathname}`);
    const database = `projects/${decodeURIComponent(match[1]!)}/databases/${decodeURIComponent(match[2]!)}`;
    const segments = decodeSegments(match[3]);
    const resource = segments.length
      ? `${database}/documents/${segments.join('/')}`
      : `${database}/documents`;
    const method = req.method ?? 'GET';
    const route = findRoute(method, match[4], segments, url);
    const body = route.requestType ? await readJsonBody(req, res) : {};
    const call: RestCall = { database, resource, segments, url, body };
    debug(`REST ${method} ${match[4] ?? ''} ${resource} ${JSON.stringify(body).slice(0, 600)}`);
    let request: Msg;
    if (route.request) request = route.request(call);
    else {
      request = fromProto3Json(route.requestType!, body);
      if (route.resourceField) request[route.resourceField] = resource;
    }
    if (route.resourceField === 'database') request.database = database;
    send(res, route, await route.invoke(backend, request));
  } catch (e) {
    sendError(res, e);
  }
}
