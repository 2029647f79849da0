/**
 * The contract between the security-rules engine (`src/rules/`) and the rest of the emulator.
 * The engine knows nothing of transports or storage: the emulator hands it one request at a
 * time, with the documents it needs, and gets a decision back. Requests made with the owner
 * credential (`Authorization: Bearer owner`, the Admin SDK) never reach it.
 */
import type { StructuredQuery } from '../proto-types.ts';
import type { Fields } from '../core/values.ts';

/** The five methods a rule can name (`read` = get + list, `write` = create + update + delete). */
export type RulesMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** A stored document as rules see it: `resource`, `request.resource`, `get()`, `getAfter()`. */
export interface RulesDocument {
  /** Full resource name: `projects/P/databases/D/documents/cells/K3`. */
  name: string;
  fields: Fields;
}

/** `request.auth`: the verified (or, in the emulator, unsigned) Firebase ID token. */
export interface RulesAuth {
  uid: string;
  /** Every claim of the token, custom claims included (`request.auth.token`). */
  token: Record<string, unknown>;
}

export interface RulesRequest {
  method: RulesMethod;
  /**
   * For get/create/update/delete: the document's full resource name. For list: the full name of
   * the collection queried (`projects/P/databases/D/documents/users`), or, for a collection
   * group query, of the parent with the collection id as the last segment.
   */
  path: string;
  auth: RulesAuth | null;
  /** `request.time`, microseconds since the epoch. */
  timeMicros: number;
  /** `resource`: the document as stored before the request (null when missing, and for list). */
  resource: RulesDocument | null;
  /** `request.resource`: the document as the write would leave it (create and update only). */
  requestResource: RulesDocument | null;
  /** For list: the StructuredQuery message (proto-loader shape) the client sent. */
  query?: StructuredQuery;
  /** For list: true for a collection group query. */
  allDescendants?: boolean;
}

/** How rules read other documents: `get()`/`exists()` see `before`, `getAfter()` sees `after`. */
export interface RulesDocumentLookup {
  before(name: string): RulesDocument | null;
  /** The state after the whole commit (batch or transaction) this request belongs to. */
  after(name: string): RulesDocument | null;
}

export type RulesDecision = { allowed: true } | { allowed: false; message: string };

/** A compile error, positions 1-based as the Firebase tools print them. */
export interface RulesCompileError {
  line: number;
  column: number;
  message: string;
}

export interface CompiledRules {
  readonly source: string;
  /** Decides one request. Never throws: evaluation errors deny, with Google's message form. */
  authorize(request: RulesRequest, lookup: RulesDocumentLookup): RulesDecision;
}

export type RulesCompileResult =
  { ok: true; rules: CompiledRules } | { ok: false; errors: RulesCompileError[] };

/** Implemented in `src/rules/index.ts` as `compileRules(source: string): RulesCompileResult`. */
export type CompileRules = (source: string) => RulesCompileResult;
