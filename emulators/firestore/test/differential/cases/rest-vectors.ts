/**
 * Vector search (`findNearest` in a StructuredQuery) over a seeded collection: the three
 * distance measures with their exact doubles, ties, NaN and infinite distances, thresholds,
 * pre-filters, projections, the distance field, and the shapes Google's emulator refuses.
 */
import type { Json, RestCase } from '../support/rest.ts';
import { V, commit, field, from, order, runAggregation, runQuery } from './rest-helpers.ts';

const vector = (...values: (number | string)[]): Json => ({
  mapValue: {
    fields: { __type__: V.str('__vector__'), value: V.arr(...values.map((n) => V.double(n))) },
  },
});

const SEED: Record<string, Json> = {
  'c/a': { v: vector(0.1, 0.7, 0.3), k: V.int(1), m: V.map({ z: V.int(9) }) },
  'c/b': { v: vector(0.33, -0.21, 0.9), k: V.int(2) },
  // Two documents at the same distance: ties go by document name.
  'c/d': { v: vector(1.7, 2.9, -3.3), k: V.int(1) },
  'c/c': { v: vector(1.7, 2.9, -3.3) },
  'c/e': { v: vector(1e-3, 5e2, 7.77), k: V.int(3) },
  'c/f': { v: vector('Infinity', 0, 1), k: V.int(3) },
  'c/z': { v: vector(0, 0, 0), k: V.int(2) },
  // Not searched: another dimension, not a vector, no vector at all.
  'c/two': { v: vector(1, 0), k: V.int(1) },
  'c/list': { v: V.arr(V.double(0.3), V.double(0.1), V.double(0.6)), k: V.int(1) },
  'c/none': { k: V.int(1) },
  'x/1/c/deep': { v: vector(0.3, 0.1, 0.5) },
};

const nearest = (extra: Json = {}): Json => ({
  vectorField: { fieldPath: 'v' },
  queryVector: vector(0.3, 0.1, 0.6),
  distanceMeasure: 'EUCLIDEAN',
  limit: 10,
  distanceResultField: 'distance',
  ...extra,
});

function vectorCase(name: string, structuredQuery: Json, expect = 'OK'): RestCase {
  return {
    name: `findNearest: ${name}`,
    seed: SEED,
    requests: [runQuery(structuredQuery)],
    expect,
  };
}

const q = (findNearest: Json, extra: Json = {}): Json => ({
  from: from('c'),
  findNearest,
  ...extra,
});
const without = (key: string): Json => {
  const search = nearest();
  delete search[key];
  return search;
};

export const VECTOR_CASES: RestCase[] = [
  vectorCase('euclidean', q(nearest())),
  vectorCase('cosine', q(nearest({ distanceMeasure: 'COSINE' }))),
  vectorCase('dot product', q(nearest({ distanceMeasure: 'DOT_PRODUCT' }))),
  vectorCase('no distance field', q(nearest({ distanceResultField: '' }))),
  vectorCase('limit 2', q(nearest({ limit: 2 }))),
  vectorCase('limit 1000', q(nearest({ limit: 1000 }))),
  vectorCase('euclidean threshold', q(nearest({ distanceThreshold: 1 }))),
  vectorCase('cosine threshold', q(nearest({ distanceMeasure: 'COSINE', distanceThreshold: 0.5 }))),
  vectorCase(
    'dot product threshold (a minimum)',
    q(nearest({ distanceMeasure: 'DOT_PRODUCT', distanceThreshold: 0.5 })),
  ),
  vectorCase('negative euclidean threshold', q(nearest({ distanceThreshold: -1 }))),
  vectorCase(
    'a zero query vector (cosine NaN)',
    q(nearest({ distanceMeasure: 'COSINE', queryVector: vector(0, 0, 0) })),
  ),
  vectorCase(
    'a NaN in the query vector',
    q(nearest({ distanceMeasure: 'DOT_PRODUCT', queryVector: vector('NaN', 0, 1) })),
  ),
  vectorCase('two dimensions', q(nearest({ queryVector: vector(1, 0.5) }))),
  vectorCase('pre-filter k == 1', q(nearest(), { where: field('k', 'EQUAL', V.int(1)) })),
  vectorCase(
    'pre-filter k >= 2',
    q(nearest(), { where: field('k', 'GREATER_THAN_OR_EQUAL', V.int(2)) }),
  ),
  vectorCase(
    'order by k (admits documents with k)',
    q(nearest(), { orderBy: [order('k', 'DESCENDING')] }),
  ),
  vectorCase('select k', q(nearest(), { select: { fields: [{ fieldPath: 'k' }] } })),
  vectorCase(
    'select the distance',
    q(nearest(), { select: { fields: [{ fieldPath: 'distance' }] } }),
  ),
  vectorCase('distance field over an existing field', q(nearest({ distanceResultField: 'k' }))),
  vectorCase(
    'distance field named with a dot (a name, not a path)',
    q(nearest({ distanceResultField: 'm.z' })),
  ),
  vectorCase('collection group', { from: from('c', true), findNearest: nearest() }),
  vectorCase('a nested vector field', q(nearest({ vectorField: { fieldPath: 'm.z' } }))),
  {
    name: 'findNearest: count of a vector search',
    seed: SEED,
    requests: [runAggregation(q(nearest({ limit: 3 })), [{ alias: 'n', count: {} }])],
    expect: 'OK',
  },
  // Refused.
  vectorCase('limit 0', q(nearest({ limit: 0 })), 'INVALID_ARGUMENT'),
  vectorCase('no limit', q(without('limit')), 'INVALID_ARGUMENT'),
  vectorCase('limit 1001', q(nearest({ limit: 1001 })), 'INVALID_ARGUMENT'),
  vectorCase('no distance measure', q(without('distanceMeasure')), 'INVALID_ARGUMENT'),
  vectorCase('no vector field', q(without('vectorField')), 'INVALID_ARGUMENT'),
  vectorCase('no query vector', q(without('queryVector')), 'INVALID_ARGUMENT'),
  vectorCase(
    'a query vector that is an array',
    q(nearest({ queryVector: V.arr(V.double(1)) })),
    'INVALID_ARGUMENT',
  ),
  vectorCase('an empty query vector', q(nearest({ queryVector: vector() })), 'INVALID_ARGUMENT'),
  vectorCase(
    'an integer in the query vector',
    q(
      nearest({
        queryVector: {
          mapValue: { fields: { __type__: V.str('__vector__'), value: V.arr(V.int(1)) } },
        },
      }),
    ),
    'INVALID_ARGUMENT',
  ),
  vectorCase('a NaN threshold', q(nearest({ distanceThreshold: 'NaN' })), 'INVALID_ARGUMENT'),
  vectorCase(
    'an infinite threshold',
    q(nearest({ distanceThreshold: 'Infinity' })),
    'INVALID_ARGUMENT',
  ),
  vectorCase(
    'a reserved distance field',
    q(nearest({ distanceResultField: '__d__' })),
    'INVALID_ARGUMENT',
  ),
  vectorCase('with a query limit', q(nearest(), { limit: 1 }), 'INVALID_ARGUMENT'),
  vectorCase('with an offset', q(nearest(), { offset: 1 }), 'INVALID_ARGUMENT'),
  vectorCase(
    'with a cursor',
    q(nearest(), { orderBy: [order('__name__')], startAt: { values: [V.ref('{root}/c/b')] } }),
    'INVALID_ARGUMENT',
  ),
  {
    name: 'vector: a NaN element is refused',
    requests: [commit({ update: { name: '{root}/c/v', fields: { v: vector(1, 'NaN') } } })],
    expect: 'INVALID_ARGUMENT',
  },
];
