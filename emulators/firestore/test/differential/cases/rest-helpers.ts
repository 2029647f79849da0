/** Builders for REST cases: values in Firestore's JSON, queries, commits. */
import type { Json, RestCase, RestRequest } from '../support/rest.ts';

export const V = {
  null: (): Json => ({ nullValue: null }),
  bool: (b: boolean): Json => ({ booleanValue: b }),
  int: (n: number | string): Json => ({ integerValue: String(n) }),
  double: (n: number | string): Json => ({ doubleValue: n }),
  str: (s: string): Json => ({ stringValue: s }),
  bytes: (b64: string): Json => ({ bytesValue: b64 }),
  ts: (iso: string): Json => ({ timestampValue: iso }),
  geo: (latitude: number, longitude: number): Json => ({ geoPointValue: { latitude, longitude } }),
  ref: (name: string): Json => ({ referenceValue: name }),
  arr: (...values: Json[]): Json => ({ arrayValue: values.length ? { values } : {} }),
  map: (fields: Json): Json => ({ mapValue: Object.keys(fields).length ? { fields } : {} }),
};

export function runQuery(structuredQuery: Json, extra: Json = {}): RestRequest {
  return { method: 'POST', path: ':runQuery', body: { structuredQuery, ...extra } };
}

export function runAggregation(structuredQuery: Json, aggregations: Json[]): RestRequest {
  return {
    method: 'POST',
    path: ':runAggregationQuery',
    body: { structuredAggregationQuery: { structuredQuery, aggregations } },
  };
}

export function commit(...writes: Json[]): RestRequest {
  return { method: 'POST', path: ':commit', body: { writes } };
}

export function get(path: string): RestRequest {
  return { method: 'GET', path };
}

export const field = (fieldPath: string, op: string, value: Json): Json => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
export const unary = (fieldPath: string, op: string): Json => ({
  unaryFilter: { field: { fieldPath }, op },
});
export const and = (...filters: Json[]): Json => ({ compositeFilter: { op: 'AND', filters } });
export const or = (...filters: Json[]): Json => ({ compositeFilter: { op: 'OR', filters } });
export const order = (fieldPath: string, direction = 'ASCENDING'): Json => ({
  field: { fieldPath },
  direction,
});
export const from = (collectionId: string, allDescendants = false): Json[] => [
  { collectionId, allDescendants },
];

/** Writes one document, then reads it back: what was stored, exactly. */
export function roundTrip(name: string, fields: Json, expect = 'OK'): RestCase {
  return {
    name,
    requests: [commit({ update: { name: '{root}/c/doc', fields } }), get('c/doc')],
    expect,
  };
}
