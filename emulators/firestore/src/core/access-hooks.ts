/**
 * Where the core asks whether a request is allowed (security rules). The core calls these hooks
 * for every read, query, write and listen target of a caller other than the owner; the one
 * implementation (`src/access.ts`) decides. A hook throws FirestoreError to refuse.
 */
import type { Caller } from '../backend.ts';
import type { StructuredQuery } from '../proto-types.ts';
import type { Micros } from './clock.ts';
import type { Database, StoredDoc } from './storage.ts';
import type { StagedCommit } from './writes.ts';

/** A list request: a query, or a listing of one collection. */
export interface ListAccess {
  /** `users`, `users/u1/orders`; for a collection group, the parent path plus the id. */
  collectionPath: string;
  structuredQuery: StructuredQuery;
  allDescendants: boolean;
}

export interface AccessHooks {
  get(caller: Caller, database: Database, path: string, doc: StoredDoc | null): void;
  list(caller: Caller, database: Database, list: ListAccess): void;
  commit(caller: Caller, database: Database, commit: StagedCommit, commitTime: Micros): void;
}

/** The hooks to apply for `caller`: none for the owner (and for in-process calls). */
export function hooksFor(
  hooks: AccessHooks | undefined,
  caller: Caller | undefined,
): AccessHooks | undefined {
  return !caller || caller.owner ? undefined : hooks;
}
