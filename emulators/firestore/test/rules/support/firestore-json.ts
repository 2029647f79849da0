/** Plain test data as Firestore REST JSON values (the engine reads this shape too). */
import type { PlainData } from './case.ts';

export type JsonValue = Record<string, unknown>;

export function toFirestoreValue(value: unknown): JsonValue {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toFirestoreValue) } };
  const record = value as Record<string, unknown>;
  if ('$float' in record) return { doubleValue: record.$float };
  if ('$ref' in record) return { referenceValue: record.$ref };
  return { mapValue: { fields: toFirestoreFields(record) } };
}

export function toFirestoreFields(data: PlainData): Record<string, JsonValue> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, toFirestoreValue(value)]),
  );
}

const OPERATORS: Record<string, string> = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

/** A StructuredQuery in REST JSON for a list case. */
export function structuredQuery(
  collectionId: string,
  query: import('./case.ts').RulesCaseQuery | undefined,
  documentNamePrefix: string,
): JsonValue {
  const filters = (query?.where ?? []).map(([fieldPath, op, value]) => ({
    fieldFilter: {
      field: { fieldPath },
      op: OPERATORS[op] ?? op,
      value:
        fieldPath === '__name__'
          ? { referenceValue: `${documentNamePrefix}/${String(value)}` }
          : toFirestoreValue(value),
    },
  }));
  const structured: JsonValue = {
    from: [{ collectionId, allDescendants: query?.collectionGroup ?? false }],
  };
  if (filters.length === 1) structured.where = filters[0];
  if (filters.length > 1) structured.where = { compositeFilter: { op: 'AND', filters } };
  if (query?.orderBy)
    structured.orderBy = query.orderBy.map((fieldPath) => ({
      field: { fieldPath },
      direction: 'ASCENDING',
    }));
  if (query?.limit !== undefined) structured.limit = query.limit;
  if (query?.offset !== undefined) structured.offset = query.offset;
  return structured;
}
