/**
 * The documents of one database, with their recent versions (for readTime reads), kept by
 * collection so that a query reads its own collection (or collection group) and nothing else.
 */
import type { Micros } from './clock.ts';
import { EqualityIndex } from './equality-index.ts';
import type { DbRef } from './paths.ts';
import type { Fields, Value } from './values.ts';

export interface StoredDoc {
  fields: Fields;
  createTime: Micros;
  updateTime: Micros;
}

/** One document changed by a commit. */
export interface Change {
  path: string;
  before: StoredDoc | null;
  after: StoredDoc | null;
}

interface Version {
  time: Micros;
  doc: StoredDoc | null;
}

/** How far back readTime reads can go, and how many versions a document keeps at most. */
const HISTORY_MICROS = 3600e6;
const MAX_VERSIONS = 1000;

/** `users/u1/orders/o1` -> `users/u1/orders`. */
export function collectionOf(documentPath: string): string {
  return documentPath.slice(0, documentPath.lastIndexOf('/'));
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export class Database {
  /** Document path (relative to `documents/`) -> versions, oldest first. */
  private readonly versions = new Map<string, Version[]>();
  /** Collection path -> the paths of its documents that have versions. */
  private readonly collections = new Map<string, Set<string>>();
  /** Collection id -> the paths of the collections with that id (collection group queries). */
  private readonly collectionGroups = new Map<string, Set<string>>();

  /** Collection path -> field path (joined by NUL) -> equality index of the latest versions. */
  private readonly equalityIndexes = new Map<string, Map<string, EqualityIndex>>();

  constructor(
    readonly project: string,
    readonly database: string,
    /** `projects/P/databases/D` */
    readonly name: string,
  ) {}

  get(path: string, at?: Micros): StoredDoc | null {
    const versions = this.versions.get(path);
    if (!versions) return null;
    if (at === undefined) return versions[versions.length - 1]!.doc;
    for (let i = versions.length - 1; i >= 0; i--) {
      if (versions[i]!.time <= at) return versions[i]!.doc;
    }
    return null;
  }

  put(path: string, time: Micros, doc: StoredDoc | null): void {
    const indexes = this.equalityIndexes.get(collectionOf(path));
    if (indexes) {
      const before = this.get(path)?.fields;
      for (const index of indexes.values()) index.update(path, before, doc?.fields);
    }
    let versions = this.versions.get(path);
    if (!versions) {
      if (!doc) return;
      versions = [];
      this.versions.set(path, versions);
      this.index(path);
    }
    versions.push({ time, doc });
    const cutoff = time - HISTORY_MICROS;
    let drop = 0;
    while (
      drop < versions.length - 1 &&
      (versions[drop + 1]!.time <= cutoff || versions.length - drop > MAX_VERSIONS)
    ) {
      drop++;
    }
    if (drop) versions.splice(0, drop);
    if (versions.length === 1 && !versions[0]!.doc) {
      this.versions.delete(path);
      this.unindex(path);
    }
  }

  clear(): void {
    this.equalityIndexes.clear();
    this.versions.clear();
    this.collections.clear();
    this.collectionGroups.clear();
  }

  /** Every path that has versions (including documents deleted within the history window). */
  paths(): IterableIterator<string> {
    return this.versions.keys();
  }

  /** Every collection path that holds (or recently held) documents. */
  collectionPaths(): IterableIterator<string> {
    return this.collections.keys();
  }

  *all(at?: Micros): Generator<[string, StoredDoc]> {
    for (const path of this.versions.keys()) {
      const doc = this.get(path, at);
      if (doc) yield [path, doc];
    }
  }

  /** The documents of one collection (`users`, `users/u1/orders`). */
  *inCollection(collectionPath: string, at?: Micros): Generator<[string, StoredDoc]> {
    const paths = this.collections.get(collectionPath);
    if (!paths) return;
    for (const path of paths) {
      const doc = this.get(path, at);
      if (doc) yield [path, doc];
    }
  }

  /**
   * The current documents of one collection whose `fieldPath` may equal `value` (a superset of
   * the matches), from an index built on first use and then kept up to date by `put`.
   */
  *whereEqual(
    collectionPath: string,
    fieldPath: string[],
    value: Value,
  ): Generator<[string, StoredDoc]> {
    let indexes = this.equalityIndexes.get(collectionPath);
    if (!indexes) {
      indexes = new Map();
      this.equalityIndexes.set(collectionPath, indexes);
    }
    const key = fieldPath.join('\u0000');
    let index = indexes.get(key);
    if (!index) {
      index = new EqualityIndex(fieldPath);
      for (const [path, doc] of this.inCollection(collectionPath))
        index.update(path, undefined, doc.fields);
      indexes.set(key, index);
    }
    for (const path of index.candidates(value)) {
      const doc = this.get(path);
      if (doc) yield [path, doc];
    }
  }

  /**
   * The documents of every collection named `collectionId` under `parentPath` ('' = the root);
   * an empty id means every collection under the parent.
   */
  *inCollectionGroup(
    parentPath: string,
    collectionId: string,
    at?: Micros,
  ): Generator<[string, StoredDoc]> {
    const prefix = parentPath === '' ? '' : parentPath + '/';
    const collectionPaths = collectionId
      ? (this.collectionGroups.get(collectionId) ?? [])
      : this.collections.keys();
    for (const collectionPath of [...collectionPaths]) {
      if (collectionPath.startsWith(prefix)) yield* this.inCollection(collectionPath, at);
    }
  }

  private index(path: string): void {
    const collectionPath = collectionOf(path);
    let paths = this.collections.get(collectionPath);
    if (!paths) {
      paths = new Set();
      this.collections.set(collectionPath, paths);
      const id = lastSegment(collectionPath);
      let group = this.collectionGroups.get(id);
      if (!group) {
        group = new Set();
        this.collectionGroups.set(id, group);
      }
      group.add(collectionPath);
    }
    paths.add(path);
  }

  private unindex(path: string): void {
    const collectionPath = collectionOf(path);
    const paths = this.collections.get(collectionPath);
    if (!paths) return;
    paths.delete(path);
    if (paths.size > 0) return;
    this.collections.delete(collectionPath);
    const id = lastSegment(collectionPath);
    const group = this.collectionGroups.get(id);
    group?.delete(collectionPath);
    if (group?.size === 0) this.collectionGroups.delete(id);
  }
}

/** The databases of every project, created on first use. */
export class DatabaseRegistry {
  private readonly databases = new Map<string, Database>();

  databaseFor(ref: DbRef): Database {
    let database = this.databases.get(ref.db);
    if (!database) {
      database = new Database(ref.project, ref.database, ref.db);
      this.databases.set(ref.db, database);
    }
    return database;
  }

  all(): IterableIterator<Database> {
    return this.databases.values();
  }
}
