/** StructuredQuery evaluation: from, where, orderBy (with Firestore's implicit orders), cursors, offset, limit, select. */
import { Code, FirestoreError } from '../backend.ts';
import type { Cursor, StructuredQuery, StructuredQuery_Filter } from '../proto-types.ts';
import {
  formatFieldPath,
  getField,
  parseFieldPath,
  projectFields,
  type ParsedName,
} from './paths.ts';
import {
  compareReferences,
  compareSortKeys,
  compareValues,
  isNaNValue,
  kindOf,
  sortKeyOf,
  typeOrder,
  valuesEqual,
  type Fields,
  type SortKey,
  type Value,
} from './values.ts';
import { validateStructuredQuery } from './query-validation.ts';
import { nearest, readFindNearest } from './vector-search.ts';

export interface QDoc {
  /** path relative to documents/ */
  path: string;
  name: string;
  fields: Fields;
}

interface Order {
  path: string[];
  key: string;
  isName: boolean;
  desc: boolean;
}

/** Which collections a query reads. */
export interface QueryScope {
  /** The parent document's path ('' = the root). */
  parentPath: string;
  collectionId: string;
  /** A collection group query: every collection `collectionId` under the parent. */
  allDescendants: boolean;
  /** No `from`: the documents of every collection directly under the parent. */
  kindless?: boolean;
}

export interface CompiledQuery {
  scope: QueryScope;
  /** `field == value` filters every result must pass (top level or in a top-level AND). */
  equalities: { path: string[]; value: Value }[];
  /** True if a document at `path` (relative) belongs to the queried collection(s). */
  inScope(path: string): boolean;
  matches(doc: QDoc): boolean;
  orders: Order[];
  compare(a: QDoc, b: QDoc): number;
  /** Applies ordering, cursors, offset, limit to matching docs (vector search: its distance field too). */
  finish(docs: QDoc[]): QDoc[];
  project(fields: Fields): Fields;
  hasProjection: boolean;
  limit: number | undefined;
}

function bad(msg: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, msg);
}

function fieldOf(doc: QDoc, path: string[], isName: boolean): Value | undefined {
  if (isName) return { referenceValue: doc.name };
  return getField(doc.fields, path);
}

type Pred = (d: QDoc) => boolean;

const INEQ = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

/** Firestore never matches null or NaN by comparison: `IS_NULL` / `IS_NAN` are the ways to ask. */
function unmatchable(v: Value): boolean {
  return v.nullValue !== undefined || isNaNValue(v);
}

function arrayValues(v: Value | undefined): Value[] {
  if (!v || v.arrayValue === undefined) throw bad('Filter value must be an array');
  return v.arrayValue.values ?? [];
}

function compileFilter(f: StructuredQuery_Filter, ineqFields: Map<string, string[]>): Pred {
  if (f.compositeFilter) {
    const op = f.compositeFilter.op ?? 'AND';
    const subs = (f.compositeFilter.filters ?? []).map((x) => compileFilter(x, ineqFields));
    if (subs.length === 0) return () => true;
    if (op === 'OR') return (d) => subs.some((p) => p(d));
    if (op !== 'AND' && op !== 'OPERATOR_UNSPECIFIED') throw bad(`Unsupported composite op ${op}`);
    return (d) => subs.every((p) => p(d));
  }
  if (f.unaryFilter) {
    const fp = f.unaryFilter.field?.fieldPath;
    const path = parseFieldPath(fp);
    const isName = fp === '__name__';
    const op = f.unaryFilter.op;
    if (op === 'IS_NOT_NULL' || op === 'IS_NOT_NAN') ineqFields.set(formatFieldPath(path), path);
    return (d) => {
      const v = fieldOf(d, path, isName);
      if (v === undefined) return false;
      switch (op) {
        case 'IS_NULL':
          return v.nullValue !== undefined;
        case 'IS_NAN':
          return isNaNValue(v);
        case 'IS_NOT_NULL':
          return v.nullValue === undefined;
        case 'IS_NOT_NAN':
          return !isNaNValue(v) && v.nullValue === undefined;
        default:
          throw bad(`Unsupported unary op ${op}`);
      }
    };
  }
  if (f.fieldFilter) {
    const fp = f.fieldFilter.field?.fieldPath;
    const path = parseFieldPath(fp);
    const isName = fp === '__name__';
    const op: string | undefined = f.fieldFilter.op;
    const val = f.fieldFilter.value;
    if (!val) throw bad('Field filter requires a value');
    if (op && INEQ.has(op)) ineqFields.set(formatFieldPath(path), path);
    const vt = typeOrder(kindOf(val));
    switch (op) {
      case 'EQUAL':
        if (unmatchable(val)) return () => false;
        return (d) => {
          const v = fieldOf(d, path, isName);
          return v !== undefined && valuesEqual(v, val);
        };
      case 'NOT_EQUAL':
        if (val.nullValue !== undefined) return () => false;
        return (d) => {
          const v = fieldOf(d, path, isName);
          if (v === undefined || v.nullValue !== undefined) return false;
          return isNaNValue(val) || !valuesEqual(v, val);
        };
      case 'LESS_THAN':
      case 'LESS_THAN_OR_EQUAL':
      case 'GREATER_THAN':
      case 'GREATER_THAN_OR_EQUAL':
        if (unmatchable(val)) return () => false;
        return (d) => {
          const v = fieldOf(d, path, isName);
          if (v === undefined || typeOrder(kindOf(v)) !== vt) return false;
          if (isNaNValue(v) || isNaNValue(val)) return false;
          const c = compareValues(v, val);
          return op === 'LESS_THAN'
            ? c < 0
            : op === 'LESS_THAN_OR_EQUAL'
              ? c <= 0
              : op === 'GREATER_THAN'
                ? c > 0
                : c >= 0;
        };
      case 'ARRAY_CONTAINS':
        if (unmatchable(val)) return () => false;
        return (d) => {
          const v = fieldOf(d, path, isName);
          return !!v?.arrayValue && (v.arrayValue.values ?? []).some((x) => valuesEqual(x, val));
        };
      case 'IN': {
        const list = arrayValues(val).filter((x) => !unmatchable(x));
        return (d) => {
          const v = fieldOf(d, path, isName);
          return v !== undefined && list.some((x) => valuesEqual(v, x));
        };
      }
      case 'NOT_IN': {
        // A null in the list excludes everything; a NaN excludes nothing (NaN equals nothing).
        if (arrayValues(val).some((x) => x.nullValue !== undefined)) return () => false;
        const list = arrayValues(val).filter((x) => !isNaNValue(x));
        return (d) => {
          const v = fieldOf(d, path, isName);
          return (
            v !== undefined && v.nullValue === undefined && !list.some((x) => valuesEqual(v, x))
          );
        };
      }
      case 'ARRAY_CONTAINS_ANY': {
        const list = arrayValues(val).filter((x) => !unmatchable(x));
        return (d) => {
          const v = fieldOf(d, path, isName);
          return (
            !!v?.arrayValue &&
            (v.arrayValue.values ?? []).some((x) => list.some((y) => valuesEqual(x, y)))
          );
        };
      }
      default:
        throw bad(`Unsupported field filter op ${op}`);
    }
  }
  return () => true;
}

function readLimit(l: unknown): number | undefined {
  if (l === undefined || l === null) return undefined;
  // An Int32Value, or its number from an in-process caller.
  const n = typeof l === 'object' ? Number((l as { value?: unknown }).value ?? 0) : Number(l);
  if (!Number.isFinite(n) || n < 0) throw bad('limit must be non-negative');
  return n;
}

function equalityFilters(
  where: StructuredQuery_Filter | undefined,
): { path: string[]; value: Value }[] {
  if (!where) return [];
  const filters =
    where.compositeFilter && (where.compositeFilter.op ?? 'AND') === 'AND'
      ? (where.compositeFilter.filters ?? [])
      : [where];
  const equalities: { path: string[]; value: Value }[] = [];
  for (const filter of filters) {
    const fieldFilter = filter.fieldFilter;
    const fieldPath = fieldFilter?.field?.fieldPath;
    if (fieldFilter?.op !== 'EQUAL' || !fieldFilter.value || fieldPath === '__name__') continue;
    equalities.push({ path: parseFieldPath(fieldPath), value: fieldFilter.value });
  }
  return equalities;
}

/** The `count` smallest of `docs` by `compare`, sorted: one comparison for most documents. */
function smallest<T>(docs: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count === 0) return [];
  const kept: T[] = [];
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    if (kept.length === count && compare(doc, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle]!, doc) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, doc);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/**
 * A query with no `from` reads the documents of every collection under its parent, as Firestore
 * answers it: no filter, and no order but `__name__` ascending.
 */
function checkKindless(q: StructuredQuery): void {
  const atom = q.where?.fieldFilter ?? q.where?.unaryFilter;
  if (q.where) throw bad(`kind is required for filter: ${atom?.field?.fieldPath ?? 'composite'}`);
  for (const o of q.orderBy ?? []) {
    if (o.field?.fieldPath !== '__name__' || o.direction === 'DESCENDING')
      throw bad('kind is required for all orders except __key__ ascending');
  }
}

export function compileQuery(parent: ParsedName, q: StructuredQuery): CompiledQuery {
  validateStructuredQuery(q);
  const search = q.findNearest ? readFindNearest(q) : undefined;
  const from = q.from ?? [];
  if (from.length > 1) throw bad('Query must have exactly one "from" clause');
  const kindless = from.length === 0;
  if (kindless) checkKindless(q);
  const collectionId = kindless ? '' : String(from[0]!.collectionId ?? '');
  const allDescendants = !kindless && !!from[0]!.allDescendants;
  const prefix = parent.path === '' ? '' : parent.path + '/';
  const parentDepth = parent.segments.length;

  const inScope = (path: string): boolean => {
    if (!path.startsWith(prefix)) return false;
    const segs = path.split('/');
    if (allDescendants) return collectionId === '' || segs[segs.length - 2] === collectionId;
    if (kindless) return segs.length === parentDepth + 2;
    return segs.length === parentDepth + 2 && segs[parentDepth] === collectionId;
  };

  const ineq = new Map<string, string[]>();
  const where: Pred = q.where ? compileFilter(q.where, ineq) : () => true;

  // Orders: explicit, then inequality fields not yet ordered (lexicographic), then __name__.
  const orders: Order[] = [];
  for (const o of q.orderBy ?? []) {
    const fp = o.field?.fieldPath;
    const path = parseFieldPath(fp);
    const key = formatFieldPath(path);
    orders.push({ path, key, isName: fp === '__name__', desc: o.direction === 'DESCENDING' });
  }
  const lastDesc = orders.length ? orders[orders.length - 1]!.desc : false;
  const ordered = new Set(orders.map((o) => o.key));
  const extra = [...ineq.entries()]
    .filter(([k]) => !ordered.has(k) && k !== '__name__')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, path] of extra) orders.push({ path, key, isName: false, desc: lastDesc });
  if (!orders.some((o) => o.isName))
    orders.push({ path: ['__name__'], key: '__name__', isName: true, desc: lastDesc });

  const compare = (a: QDoc, b: QDoc): number => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i]!;
      let c: number;
      if (o.isName) c = compareReferences(a.path, b.path);
      else c = compareValues(getField(a.fields, o.path)!, getField(b.fields, o.path)!);
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };

  // Sorting a query's matches reads each order field once per document, not once per comparison.
  interface Keyed {
    doc: QDoc;
    keys: (SortKey | undefined)[];
  }
  const withSortKeys = (doc: QDoc): Keyed => ({
    doc,
    keys: orders.map((o) => (o.isName ? undefined : sortKeyOf(getField(doc.fields, o.path)!))),
  });
  const compareKeyed = (a: Keyed, b: Keyed): number => {
    for (let i = 0; i < orders.length; i++) {
      const o = orders[i]!;
      const c = o.isName
        ? compareReferences(a.doc.path, b.doc.path)
        : compareSortKeys(a.keys[i]!, b.keys[i]!);
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };

  const orderFieldPaths = orders.filter((o) => !o.isName).map((o) => o.path);
  const matches = (d: QDoc): boolean => {
    for (const p of orderFieldPaths) if (getField(d.fields, p) === undefined) return false;
    return where(d);
  };

  const cursorCmp = (d: QDoc, cursor: Cursor): number => {
    const values = cursor.values ?? [];
    if (values.length > orders.length) throw bad('Too many cursor values');
    for (let i = 0; i < values.length; i++) {
      const o = orders[i]!;
      const cv = values[i]!;
      let c: number;
      if (o.isName) {
        if (cv.referenceValue === undefined)
          throw bad('Cursor value for __name__ must be a reference');
        const ref = String(cv.referenceValue);
        const idx = ref.indexOf('/documents/');
        const rel = idx >= 0 ? ref.slice(idx + 11) : ref;
        c = compareReferences(d.path, rel.includes('/') ? rel : prefix + collectionId + '/' + rel);
      } else c = compareValues(getField(d.fields, o.path)!, cv);
      if (c !== 0) return o.desc ? -c : c;
    }
    return 0;
  };

  // A cursor's `__name__` values are checked up front, whether or not any document is compared.
  for (const cursor of [q.startAt, q.endAt]) {
    const values = cursor?.values ?? [];
    values.forEach((value, i) => {
      if (!orders[i]?.isName) return;
      if (value.referenceValue === undefined)
        throw bad('Cursor value for __name__ must be a reference');
      const ref = String(value.referenceValue);
      if (ref.includes('/documents/') && !ref.startsWith(`${parent.db}/documents/`))
        throw bad('The cursor key is in a different database than the query');
    });
  }

  const limit = readLimit(q.limit);
  const offset = Number(q.offset ?? 0);
  const selectFields = q.select
    ? (q.select.fields ?? []).map((f) => parseFieldPath(f.fieldPath))
    : undefined;

  // Cursors and the window (offset + limit) are applied before sorting everything: only the
  // documents the window keeps are sorted, so the cost follows the result, not the collection.
  const finish = (docs: QDoc[]): QDoc[] => {
    // Vector search orders by distance (its own limit; no cursor, offset or query limit).
    if (search) return nearest(search, docs);
    let out = docs;
    const { startAt, endAt } = q;
    if (startAt) {
      const before = !!startAt.before;
      out = out.filter((d) => {
        const c = cursorCmp(d, startAt);
        return before ? c >= 0 : c > 0;
      });
    }
    if (endAt) {
      const before = !!endAt.before;
      out = out.filter((d) => {
        const c = cursorCmp(d, endAt);
        return before ? c < 0 : c <= 0;
      });
    }
    const window = limit === undefined ? undefined : offset + limit;
    const keyed = out.map(withSortKeys);
    out = (
      window !== undefined && window < keyed.length
        ? smallest(keyed, window, compareKeyed)
        : keyed.sort(compareKeyed)
    ).map((k) => k.doc);
    if (offset > 0) out = out.slice(offset);
    if (limit !== undefined) out = out.slice(0, limit);
    return out;
  };

  return {
    scope: { parentPath: parent.path, collectionId, allDescendants, kindless },
    equalities: equalityFilters(q.where),
    inScope,
    matches,
    orders,
    compare,
    finish,
    project: (fields) =>
      selectFields
        ? projectFields(
            fields,
            selectFields.filter((p) => !(p.length === 1 && p[0] === '__name__')),
          )
        : fields,
    hasProjection: !!selectFields,
    limit,
  };
}
