/**
 * Listen streams: query and documents targets. A target gets ADD, its documents, CURRENT and a
 * global targetChange; after each commit (pushed synchronously, in commit order) the changes
 * of its result and one global targetChange with the commit time.
 */
import {
  Code,
  FirestoreError,
  type Caller,
  type ListenSink,
  type ListenStream,
} from '../backend.ts';
import type { DocumentChange, ListenRequest, StructuredQuery, Target } from '../proto-types.ts';
import { hooksFor } from './access-hooks.ts';
import { resumeTokenFor, toTimestamp, type Micros } from './clock.ts';
import { documentToProto } from './documents.ts';
import {
  docName,
  parseDatabase,
  parseDocumentName,
  parseParent,
  type ParsedName,
} from './paths.ts';
import { executeQuery, type QueryResult } from './queries.ts';
import { compileQuery, type CompiledQuery } from './query.ts';
import type { CommitObserver, CoreState } from './state.ts';
import type { Change, Database, StoredDoc } from './storage.ts';
import { invalidArgument } from './transactions.ts';

export interface ListenTarget {
  id: number;
  database: Database;
  query?: { parent: ParsedName; compiled: CompiledQuery; structuredQuery: StructuredQuery };
  documentPaths?: Set<string>;
  /** Path -> updateTime of the documents the client currently holds for this target. */
  result: Map<string, Micros>;
}

interface PendingChange {
  doc: StoredDoc | null;
  targetIds: number[];
  removed: number[];
}

function asFirestoreError(e: unknown): FirestoreError {
  if (e instanceof FirestoreError) return e;
  return new FirestoreError(Code.INTERNAL, String((e as Error)?.message ?? e));
}

export class ListenStreamImpl implements ListenStream, CommitObserver {
  private readonly targets = new Map<number, ListenTarget>();
  private closed = false;

  constructor(
    private readonly state: CoreState,
    private readonly sink: ListenSink,
    private readonly caller?: Caller,
  ) {
    state.listenStreams.add(this);
  }

  onRequest(request: ListenRequest): void {
    if (this.closed) return;
    try {
      if (request.addTarget) this.add(request.addTarget, request.database);
      else if (request.removeTarget !== undefined && request.removeTarget !== null) {
        this.remove(Number(request.removeTarget));
      }
    } catch (e) {
      this.fail(e);
    }
  }

  fail(e: unknown): void {
    this.close();
    this.sink.fail(asFirestoreError(e));
  }

  close(): void {
    this.closed = true;
    this.state.listenStreams.delete(this);
  }

  private buildTarget(id: number, spec: Target, database: string | undefined): ListenTarget {
    const databases = this.state.databases;
    if (spec.query) {
      const parent = parseParent(spec.query.parent);
      if (database && parent.db !== database) {
        throw invalidArgument('Target is not in the stream database');
      }
      const structuredQuery = spec.query.structuredQuery ?? {};
      const compiled = compileQuery(parent, structuredQuery);
      this.state.indexes?.check(parent, structuredQuery);
      const query = { parent, compiled, structuredQuery };
      return { id, database: databases.databaseFor(parent), query, result: new Map() };
    }
    if (spec.documents) {
      const parsed = (spec.documents.documents ?? []).map(parseDocumentName);
      const ref = parsed[0] ?? (database ? parseDatabase(database) : undefined);
      if (!ref) throw invalidArgument('Documents target needs at least one document');
      if (parsed.some((p) => p.db !== ref.db)) {
        throw invalidArgument('Documents target spans databases');
      }
      const documentPaths = new Set(parsed.map((p) => p.path));
      return { id, database: databases.databaseFor(ref), documentPaths, result: new Map() };
    }
    throw invalidArgument('Target must be a query or documents target');
  }

  private add(spec: Target, database: string | undefined): void {
    const id = Number(spec.targetId ?? 0);
    if (this.targets.has(id)) throw invalidArgument(`Target id ${id} is already in use`);
    let target: ListenTarget;
    try {
      target = this.buildTarget(id, spec, database);
      this.checkAccess(target);
    } catch (e) {
      const { code, message } = asFirestoreError(e);
      const cause = { code, message };
      this.sink.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause } });
      return;
    }
    const readTime = this.state.clock.readTimeNow();
    const docs = this.evaluate(target);
    this.targets.set(id, target);
    this.sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const resumed = (spec.resumeToken && spec.resumeToken.length) || spec.readTime;
    if (resumed) this.sink.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
    for (const { path, doc } of docs) {
      target.result.set(path, doc.updateTime);
      const document = documentToProto(target.database, path, doc);
      this.sink.send({ documentChange: { document, targetIds: [id] } });
    }
    const resumeToken = resumeTokenFor(readTime);
    this.sink.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken } });
    this.sink.send({ targetChange: { readTime: toTimestamp(readTime), resumeToken } });
    if (spec.once) this.remove(id);
  }

  /** Security rules: a documents target is a `get` of each, a query target a `list`. */
  private checkAccess(target: ListenTarget): void {
    const access = hooksFor(this.state.access, this.caller);
    if (!access) return;
    const caller = this.caller!;
    if (target.documentPaths) {
      for (const path of target.documentPaths) {
        access.get(caller, target.database, path, target.database.get(path));
      }
      return;
    }
    const { parentPath, collectionId, allDescendants } = target.query!.compiled.scope;
    access.list(caller, target.database, {
      collectionPath: parentPath === '' ? collectionId : `${parentPath}/${collectionId}`,
      structuredQuery: target.query!.structuredQuery,
      allDescendants,
    });
  }

  private evaluate(target: ListenTarget): QueryResult[] {
    if (target.query) return executeQuery(target.database, target.query.compiled);
    const results: QueryResult[] = [];
    for (const path of target.documentPaths!) {
      const doc = target.database.get(path);
      if (doc) results.push({ path, doc });
    }
    return results;
  }

  private remove(id: number): void {
    if (!this.targets.has(id)) {
      throw new FirestoreError(Code.INVALID_ARGUMENT, `Target ${id} does not exist`);
    }
    this.targets.delete(id);
    this.sink.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  /** Called synchronously after each commit, in commit order. */
  onCommit(database: Database, changes: Change[], commitTime: Micros): void {
    if (this.closed) return;
    const pending = new Map<string, PendingChange>();
    const entry = (path: string): PendingChange => {
      let change = pending.get(path);
      if (!change) {
        change = { doc: database.get(path), targetIds: [], removed: [] };
        pending.set(path, change);
      }
      return change;
    };
    for (const target of this.targets.values()) {
      if (target.database !== database) continue;
      if (target.documentPaths) this.collectDocumentChanges(target, changes, entry);
      else this.collectQueryChanges(target, changes, entry);
    }
    if (pending.size === 0) return;
    this.sendChanges(database, pending, commitTime);
  }

  private collectDocumentChanges(
    target: ListenTarget,
    changes: Change[],
    entry: (path: string) => PendingChange,
  ): void {
    for (const change of changes) {
      if (!target.documentPaths!.has(change.path)) continue;
      if (change.after) {
        entry(change.path).targetIds.push(target.id);
        target.result.set(change.path, change.after.updateTime);
      } else if (target.result.has(change.path)) {
        entry(change.path).removed.push(target.id);
        target.result.delete(change.path);
      }
    }
  }

  private collectQueryChanges(
    target: ListenTarget,
    changes: Change[],
    entry: (path: string) => PendingChange,
  ): void {
    const query = target.query!.compiled;
    if (!changes.some((change) => query.inScope(change.path))) return;
    const seen = new Set<string>();
    for (const { path, doc } of executeQuery(target.database, query)) {
      seen.add(path);
      if (target.result.get(path) !== doc.updateTime) {
        entry(path).targetIds.push(target.id);
        target.result.set(path, doc.updateTime);
      }
    }
    for (const path of [...target.result.keys()]) {
      if (!seen.has(path)) {
        entry(path).removed.push(target.id);
        target.result.delete(path);
      }
    }
  }

  private sendChanges(
    database: Database,
    pending: Map<string, PendingChange>,
    commitTime: Micros,
  ): void {
    const readTime = toTimestamp(commitTime);
    for (const [path, change] of pending) {
      const document = docName(database.name, path);
      const removedTargetIds = change.removed;
      if (change.targetIds.length && change.doc) {
        const documentChange: DocumentChange = {
          document: documentToProto(database, path, change.doc),
          targetIds: change.targetIds,
        };
        if (removedTargetIds.length) documentChange.removedTargetIds = removedTargetIds;
        this.sink.send({ documentChange });
      } else if (!change.doc) {
        this.sink.send({ documentDelete: { document, removedTargetIds, readTime } });
      } else {
        this.sink.send({ documentRemove: { document, removedTargetIds, readTime } });
      }
    }
    this.sink.send({ targetChange: { readTime, resumeToken: resumeTokenFor(commitTime) } });
  }
}
