/**
 * `firestore.indexes.json` (the file `firebase deploy` reads): composite indexes and the
 * single-field `fieldOverrides`, parsed into the shape the planner asks questions of. Field
 * paths are kept in their canonical form (`formatFieldPath`), so `a.b` and `` `a`.b `` are one.
 */
import { formatFieldPath, parseFieldPath } from '../core/paths.ts';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type Order = 'ASCENDING' | 'DESCENDING';

/** One field of an index: ordered, or the array-membership (`CONTAINS`) form. */
export interface IndexField {
  fieldPath: string;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface SingleFieldIndex {
  queryScope: QueryScope;
  order?: Order;
  arrayConfig?: 'CONTAINS';
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  /** The single-field indexes this field keeps: `[]` is an exemption from all of them. */
  indexes: SingleFieldIndex[];
}

export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

/** What Firestore builds for a field nobody overrode: ascending, descending, array-contains. */
export const AUTOMATIC_SINGLE_FIELD: readonly SingleFieldIndex[] = [
  { queryScope: 'COLLECTION', order: 'ASCENDING' },
  { queryScope: 'COLLECTION', order: 'DESCENDING' },
  { queryScope: 'COLLECTION', arrayConfig: 'CONTAINS' },
];

export const EMPTY_CONFIG: IndexConfig = { indexes: [], fieldOverrides: [] };

export class IndexFileError extends Error {}

function fail(where: string, message: string): never {
  throw new IndexFileError(`${where}: ${message}`);
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(where, 'must be an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(where, 'must be an array');
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') fail(where, 'must be a non-empty string');
  return value;
}

/** The canonical spelling of a field path (`__name__` stays as it is). */
export function canonicalFieldPath(fieldPath: string, where = 'fieldPath'): string {
  try {
    return formatFieldPath(parseFieldPath(fieldPath));
  } catch {
    fail(where, `"${fieldPath}" is not a field path`);
  }
}

function scopeOf(value: unknown, where: string): QueryScope {
  if (value === undefined) return 'COLLECTION';
  if (value !== 'COLLECTION' && value !== 'COLLECTION_GROUP')
    fail(where, 'queryScope must be COLLECTION or COLLECTION_GROUP');
  return value;
}

function orderOrContains(entry: Record<string, unknown>, where: string) {
  const { order, arrayConfig } = entry;
  if (order !== undefined && order !== 'ASCENDING' && order !== 'DESCENDING')
    fail(where, 'order must be ASCENDING or DESCENDING');
  if (arrayConfig !== undefined && arrayConfig !== 'CONTAINS')
    fail(where, 'arrayConfig must be CONTAINS');
  if ((order === undefined) === (arrayConfig === undefined))
    fail(where, 'needs exactly one of order and arrayConfig');
  return order !== undefined ? { order: order as Order } : { arrayConfig: 'CONTAINS' as const };
}

function parseComposite(value: unknown, where: string): CompositeIndex | undefined {
  const entry = record(value, where);
  const fields = list(entry.fields, `${where}.fields`).map((f, i) => {
    const field = record(f, `${where}.fields[${i}]`);
    // A vector index serves findNearest only, whose vector index the planner does not check.
    if (field.vectorConfig !== undefined) return undefined;
    const at = `${where}.fields[${i}]`;
    return {
      fieldPath: canonicalFieldPath(text(field.fieldPath, `${at}.fieldPath`), `${at}.fieldPath`),
      ...orderOrContains(field, at),
    };
  });
  if (fields.some((f) => f === undefined)) return undefined;
  if (fields.length === 0) fail(where, 'an index needs fields');
  return {
    collectionGroup: text(entry.collectionGroup, `${where}.collectionGroup`),
    queryScope: scopeOf(entry.queryScope, `${where}.queryScope`),
    fields: fields as IndexField[],
  };
}

function parseOverride(value: unknown, where: string): FieldOverride {
  const entry = record(value, where);
  return {
    collectionGroup: text(entry.collectionGroup, `${where}.collectionGroup`),
    fieldPath: canonicalFieldPath(text(entry.fieldPath, `${where}.fieldPath`)),
    indexes: list(entry.indexes, `${where}.indexes`).map((v, i) => {
      const at = `${where}.indexes[${i}]`;
      const index = record(v, at);
      return {
        queryScope: scopeOf(index.queryScope, `${at}.queryScope`),
        ...orderOrContains(index, at),
      };
    }),
  };
}

/** Parses the file's text; throws IndexFileError naming the entry that is wrong. */
export function parseIndexConfig(source: string): IndexConfig {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (e) {
    throw new IndexFileError(`not JSON: ${(e as Error).message}`);
  }
  const root = record(json, 'the file');
  return {
    indexes: list(root.indexes, 'indexes')
      .map((v, i) => parseComposite(v, `indexes[${i}]`))
      .filter((index): index is CompositeIndex => index !== undefined),
    fieldOverrides: list(root.fieldOverrides, 'fieldOverrides').map((v, i) =>
      parseOverride(v, `fieldOverrides[${i}]`),
    ),
  };
}

/**
 * The single-field indexes a field has in a collection group: those of the override of the
 * field or of its nearest overridden ancestor map (subfields inherit an exemption), else the
 * automatic ones.
 */
export function singleFieldIndexes(
  config: IndexConfig,
  collectionGroup: string,
  fieldPath: string,
): readonly SingleFieldIndex[] {
  const segments = parseFieldPath(fieldPath);
  for (let length = segments.length; length > 0; length--) {
    const prefix = formatFieldPath(segments.slice(0, length));
    const override = config.fieldOverrides.find(
      (o) => o.collectionGroup === collectionGroup && o.fieldPath === prefix,
    );
    if (override) return override.indexes;
  }
  return AUTOMATIC_SINGLE_FIELD;
}
