/**
 * The REST (HTTP/JSON) calls of the web SDK:
 *   POST /v1/projects/{p}/databases/{d}/documents[/{path}]:{commit|batchGet|runQuery|
 *        runAggregationQuery|beginTransaction|rollback|listCollectionIds}
 *   GET  /v1/projects/{p}/databases/{d}/documents/{path}  (a document, or a collection listing)
 * Streaming methods answer a JSON array of responses.
 */
import type http from 'node:http';
import { Code, type FirestoreBackend, type Msg } from '../backend.ts';
import { fromProto3Json, toProto3Json } from './proto-json.ts';
import { closeAfterResponse, debug, HttpError, readBody, sendError, sendJson } from './util.ts';

const REST_RE = /^\/v1\/projects\/([^/:]+)\/databases\/([^/:]+)\/documents(\/[^:]*)?(?::([A-Za-z]+))?\/?$/;

export function isRestPath(pathname: string): boolean {
  return pathname.startsWith('/v1/');
}

function decodeSegments(raw: string | undefined): string {
  if (!raw) return '';
  return raw
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s))
    .join('/');
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new HttpError(400, Code.INVALID_ARGUMENT, `Invalid JSON payload received. ${(e as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, Code.INVALID_ARGUMENT, 'Invalid JSON payload received. Expected an object.');
  }
  return value;
}

export async function handleRest(
  backend: FirestoreBackend,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  try {
    const m = REST_RE.exec(url.pathname);
    if (!m) throw new HttpError(404, Code.NOT_FOUND, `Not found: ${req.method} ${url.pathname}`);
    const project = decodeURIComponent(m[1]!);
    const databaseId = decodeURIComponent(m[2]!);
    const database = `projects/${project}/databases/${databaseId}`;
    const rel = decodeSegments(m[3]);
    const resource = rel ? `${database}/documents/${rel}` : `${database}/documents`;
    const rpc = m[4];
    const method = req.method ?? 'GET';

    if (method === 'GET' && !rpc) {
      if (!rel) throw new HttpError(400, Code.INVALID_ARGUMENT, 'A document or collection path is required.');
      const segments = rel.split('/');
      if (segments.length % 2 === 0) {
        const request: Msg = { name: resource };
        const mask = url.searchParams.getAll('mask.fieldPaths');
        if (mask.length) request.mask = { fieldPaths: mask };
        const tx = url.searchParams.get('transaction');
        if (tx) request.transaction = Buffer.from(tx, 'base64');
        const doc = await backend.getDocument(request);
        sendJson(res, 200, toProto3Json('Document', doc));
      } else {
        const collectionId = segments.pop()!;
        const parent = segments.length ? `${database}/documents/${segments.join('/')}` : `${database}/documents`;
        const request: Msg = { parent, collectionId };
        const pageSize = url.searchParams.get('pageSize');
        if (pageSize) request.pageSize = Number(pageSize);
        const pageToken = url.searchParams.get('pageToken');
        if (pageToken) request.pageToken = pageToken;
        const list = await backend.listDocuments(request);
        sendJson(res, 200, toProto3Json('ListDocumentsResponse', list));
      }
      return;
    }
    if (method !== 'POST' || !rpc) throw new HttpError(404, Code.NOT_FOUND, `Not found: ${method} ${url.pathname}`);

    let body: unknown;
    try {
      body = await readJson(req);
    } catch (e) {
      if (e instanceof HttpError && e.status === 413) closeAfterResponse(req, res);
      throw e;
    }
    debug(`REST ${rpc} ${resource} ${JSON.stringify(body).slice(0, 600)}`);
    switch (rpc) {
      case 'commit': {
        const request = fromProto3Json('CommitRequest', body);
        request.database = database;
        const response = await backend.commit(request);
        sendJson(res, 200, toProto3Json('CommitResponse', response));
        return;
      }
      case 'batchGet': {
        const request = fromProto3Json('BatchGetDocumentsRequest', body);
        request.database = database;
        const responses = await backend.batchGetDocuments(request);
        sendJson(res, 200, responses.map((r) => toProto3Json('BatchGetDocumentsResponse', r)));
        return;
      }
      case 'runQuery': {
        const request = fromProto3Json('RunQueryRequest', body);
        request.parent = resource;
        const responses = await backend.runQuery(request);
        sendJson(res, 200, responses.map((r) => toProto3Json('RunQueryResponse', r)));
        return;
      }
      case 'runAggregationQuery': {
        const request = fromProto3Json('RunAggregationQueryRequest', body);
        request.parent = resource;
        const responses = await backend.runAggregationQuery(request);
        sendJson(res, 200, responses.map((r) => toProto3Json('RunAggregationQueryResponse', r)));
        return;
      }
      case 'beginTransaction': {
        const request = fromProto3Json('BeginTransactionRequest', body);
        request.database = database;
        const response = await backend.beginTransaction(request);
        sendJson(res, 200, toProto3Json('BeginTransactionResponse', response));
        return;
      }
      case 'rollback': {
        const request = fromProto3Json('RollbackRequest', body);
        request.database = database;
        await backend.rollback(request);
        sendJson(res, 200, {});
        return;
      }
      case 'listCollectionIds': {
        const request = fromProto3Json('ListCollectionIdsRequest', body);
        request.parent = resource;
        const response = await backend.listCollectionIds(request);
        sendJson(res, 200, toProto3Json('ListCollectionIdsResponse', response));
        return;
      }
      case 'batchWrite': {
        const request = fromProto3Json('BatchWriteRequest', body);
        request.database = database;
        const response = await backend.batchWrite(request);
        sendJson(res, 200, toProto3Json('BatchWriteResponse', response));
        return;
      }
      default:
        throw new HttpError(404, Code.NOT_FOUND, `Unknown method ${rpc}`);
    }
  } catch (e) {
    sendError(res, e);
  }
}
