/**
 * Equality indexes, built on first use for (collection, field) and kept up to date on every
 * write, so that `where(field == value)` reads only the documents holding that value. A key may
 * gather values that are not equal (all maps, all arrays...): the query still checks each
 * candidate, the index only has to find every document that could match.
 */
import { getField } from './paths.ts';
import type { Fields, Value } from './values.ts';

/** One key per Firestore-equal value (1 and 1.0 share one; NaN == NaN for queries). */
export function equalityKey(value: Value | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.nullValue !== undefined) return 'null';
  if (value.booleanValue !== undefined) return `b${value.booleanValue}`;
  if (value.integerValue !== undefined) return `n${Number(value.integerValue)}`;
  if (value.doubleValue !== undefined) return `n${Number(value.doubleValue)}`;
  if (value.stringValue !== undefined) return `s${value.stringValue}`;
  if (value.referenceValue !== undefined) return `r${value.referenceValue}`;
  if (value.timestampValue !== undefined) {
    const t = value.timestampValue as { seconds?: unknown; nanos?: unknown };
    return `t${String(t.seconds ?? 0)}.${Number(t.nanos ?? 0)}`;
  }
  return 'other';
}

export class EqualityIndex {
  /** Key -> the paths of the documents whose field has a value of that key. */
  private readonly byKey = new Map<string, Set<string>>();

  constructor(readonly fieldPath: string[]) {}

  private keyOf(fields: Fields | undefined): string | undefined {
    return fields ? equalityKey(getField(fields, this.fieldPath)) : undefined;
  }

  /** Moves a document from the key of its old fields to the key of its new ones. */
  update(path: string, before: Fields | undefined, after: Fields | undefined): void {
    const oldKey = this.keyOf(before);
    const newKey = this.keyOf(after);
    if (oldKey === newKey) return;
    if (oldKey !== undefined) {
      const paths = this.byKey.get(oldKey);
      paths?.delete(path);
      if (paths?.size === 0) this.byKey.delete(oldKey);
    }
    if (newKey !== undefined) {
      let paths = this.byKey.get(newKey);
      if (!paths) {
        paths = new Set();
        this.byKey.set(newKey, paths);
      }
      paths.add(path);
    }
  }

  candidates(value: Value): ReadonlySet<string> {
    return this.byKey.get(equalityKey(value)!) ?? new Set();
  }
}
