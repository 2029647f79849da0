/**
 * The contract between the emulator's core (storage, queries, commits, transactions, listen)
 * and its transports (gRPC for the Admin SDK; WebChannel and REST over HTTP/1.1 for the web SDK).
 *
 * Every message is a plain object in the shape `@grpc/proto-loader` produces for the
 * `google.firestore.v1` protos shipped in `@google-cloud/firestore/build/protos`, loaded with
 * PROTO_LOADER_OPTIONS below: lowerCamelCase field names, int64 as decimal strings, enums as
 * their names, bytes as Buffer, google.protobuf.Timestamp as `{ seconds: string, nanos: number }`,
 * wrapper types (Int32Value...) as `{ value }`, and for each oneof a virtual field naming the
 * member that is set (e.g. `valueType: 'stringValue'`). Producers may omit the virtual oneof
 * field; consumers must not rely on it being present.
 *
 * The HTTP transports convert proto3 JSON to and from this shape; the core never sees JSON.
 * Their types are those of ./proto-types.ts, generated from the same protos
 * (scripts/proto-types.ts).
 */

import type {
  BatchGetDocumentsRequest,
  BatchGetDocumentsResponse,
  BatchWriteRequest,
  BatchWriteResponse,
  BeginTransactionRequest,
  BeginTransactionResponse,
  CommitRequest,
  CommitResponse,
  CreateDocumentRequest,
  DeleteDocumentRequest,
  Document,
  GetDocumentRequest,
  ListCollectionIdsRequest,
  ListCollectionIdsResponse,
  ListDocumentsRequest,
  ListDocumentsResponse,
  ListenRequest,
  ListenResponse,
  RollbackRequest,
  RunAggregationQueryRequest,
  RunAggregationQueryResponse,
  RunQueryRequest,
  RunQueryResponse,
  UpdateDocumentRequest,
} from './proto-types.ts';

export const PROTO_LOADER_OPTIONS = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
} as const;

/** gRPC status codes (the numeric values are the wire values). */
export const Code = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export const CODE_NAMES: Record<Code, string> = Object.fromEntries(
  Object.entries(Code).map(([name, value]) => [value, name]),
) as Record<Code, string>;

/** The one error type the core throws; transports map it to their wire form. */
export class FirestoreError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
}

/** Receives the responses of one Listen stream, in order. */
export interface ListenSink {
  send(response: ListenResponse): void;
  /** Ends the stream with an error (the stream is then closed). */
  fail(error: FirestoreError): void;
}

/** One open Listen stream: feed it the client's ListenRequests; close it when the client goes. */
export interface ListenStream {
  onRequest(request: ListenRequest): void;
  close(): void;
}

/** `request.auth` of security rules: an ID token's uid and all its claims. */
export interface CallerAuth {
  uid: string;
  token: Record<string, unknown>;
}

/**
 * Who sends a request. The owner (the Admin SDK and emulator tools: `Bearer owner`) bypasses
 * security rules; every other caller is decided by the project's rules, signed in or not.
 */
export type Caller = { owner: true } | { owner: false; auth: CallerAuth | null };

export const OWNER: Caller = { owner: true };

/**
 * The Firestore service as the core implements it. Every request carries the resource names
 * of the protos (`projects/P/databases/D/documents/...`); data is kept per project and database.
 * Unary methods reject with FirestoreError. `caller` defaults to the owner (in-process use);
 * transports always pass the caller their request came from.
 */
export interface FirestoreBackend {
  getDocument(request: GetDocumentRequest, caller?: Caller): Promise<Document>;
  /** All responses of the server-streaming BatchGetDocuments, in order. */
  batchGetDocuments(
    request: BatchGetDocumentsRequest,
    caller?: Caller,
  ): Promise<BatchGetDocumentsResponse[]>;
  /** All responses of the server-streaming RunQuery, in order. */
  runQuery(request: RunQueryRequest, caller?: Caller): Promise<RunQueryResponse[]>;
  runAggregationQuery(
    request: RunAggregationQueryRequest,
    caller?: Caller,
  ): Promise<RunAggregationQueryResponse[]>;
  listDocuments(request: ListDocumentsRequest, caller?: Caller): Promise<ListDocumentsResponse>;
  listCollectionIds(
    request: ListCollectionIdsRequest,
    caller?: Caller,
  ): Promise<ListCollectionIdsResponse>;
  beginTransaction(
    request: BeginTransactionRequest,
    caller?: Caller,
  ): Promise<BeginTransactionResponse>;
  rollback(request: RollbackRequest, caller?: Caller): Promise<void>;
  commit(request: CommitRequest, caller?: Caller): Promise<CommitResponse>;
  batchWrite(request: BatchWriteRequest, caller?: Caller): Promise<BatchWriteResponse>;
  /** CreateDocumentRequest (`documentId` optional: a random id); answers the new Document. */
  createDocument(request: CreateDocumentRequest, caller?: Caller): Promise<Document>;
  /** UpdateDocumentRequest (`updateMask`, `currentDocument`); answers the Document written. */
  updateDocument(request: UpdateDocumentRequest, caller?: Caller): Promise<Document>;
  deleteDocument(request: DeleteDocumentRequest, caller?: Caller): Promise<void>;
  openListen(sink: ListenSink, caller?: Caller): ListenStream;
  /** Deletes every document of one project (all databases). */
  clear(projectId: string): void;
}
