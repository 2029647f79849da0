/**
 * The REST surface's strictness (unknown fields, wrapper objects, resource paths with encoded or
 * trailing slashes), queries with no `from`, `__name__` cursors, vector values, and a
 * non-transactional write meeting a running transaction.
 */
import type { Json, RestCase } from '../support/rest.ts';
import { V, commit, from, get, order, runAggregation, runQuery, field } from './rest-helpers.ts';

const SEEDED = {
  'c/a': { n: V.int(1) },
  'c/b': { n: V.int(2) },
  'c/a/s/x': { n: V.int(3) },
  'e/y': { n: V.int(4) },
};

function seeded(name: string, requests: RestCase['requests'], expect: string): RestCase {
  return { name, seed: SEEDED, requests, expect };
}

const vector = (...values: Json[]): Json => ({
  mapValue: { fields: { __type__: V.str('__vector__'), value: V.arr(...values) } },
});

export const STRICTNESS_CASES: RestCase[] = [
  // -- unknown fields and wrapper objects in request bodies --
  seeded(
    'strict: unknown field in a commit',
    [{ ...commit(), body: { writes: [], bogus: 1 } }],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: unknown field in a write',
    [commit({ update: { name: '{root}/c/a', fields: {} }, extra: 1 })],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: unknown field in a value',
    [commit({ update: { name: '{root}/c/a', fields: { n: { integerValue: '1', bogus: 2 } } } })],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: unknown field in a structured query',
    [runQuery({ from: from('c'), bogus: 1 })],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: unknown field set to null',
    [runQuery({ from: from('c') }, { x: null })],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: limit as a wrapper object',
    [runQuery({ from: from('c'), limit: { value: 1 } })],
    'INVALID_ARGUMENT',
  ),
  seeded('strict: limit as a number', [runQuery({ from: from('c'), limit: 1 })], 'OK'),
  seeded('strict: limit as a string', [runQuery({ from: from('c'), limit: '1' })], 'OK'),
  seeded(
    'strict: offset as a wrapper object',
    [runQuery({ from: from('c'), offset: { value: 1 } })],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: snake_case field names',
    [
      {
        method: 'POST',
        path: ':runQuery',
        body: { structured_query: { from: [{ collection_id: 'c' }] } },
      },
    ],
    'OK',
  ),
  seeded(
    'strict: unknown field in a PATCH body',
    [{ method: 'PATCH', path: 'c/z', body: { fields: { n: V.int(1) }, bogus: true } }],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'strict: unknown field in an aggregation',
    [{ ...runAggregation({ from: from('c') }, [{ alias: 'n', count: {}, extra: 1 }]) }],
    'INVALID_ARGUMENT',
  ),

  // -- resource paths --
  seeded('path: GET with an encoded slash naming a document', [get('c%2Fa')], 'OK'),
  seeded('path: GET with an encoded slash naming a collection', [get('c/a%2Fs')], 'OK'),
  seeded(
    'path: DELETE with an encoded slash',
    [{ method: 'DELETE', path: 'c%2Fb' }, get('c/b')],
    'OK',
  ),
  seeded(
    'path: PATCH of an encoded slash naming a collection',
    [{ method: 'PATCH', path: 'c/x%2Fy', body: { fields: {} } }],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'path: GET of a document with a trailing slash lists its collections',
    [get('c/a/')],
    'OK',
  ),
  seeded('path: GET of a collection with a trailing slash', [get('c/a/s/')], 'INVALID_ARGUMENT'),
  seeded('path: GET of a root collection with a trailing slash', [get('c/')], 'INVALID_ARGUMENT'),
  seeded(
    'path: PATCH with a trailing slash',
    [{ method: 'PATCH', path: 'c/x/', body: { fields: {} } }],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'path: DELETE with a trailing slash',
    [{ method: 'DELETE', path: 'c/a/' }, get('c/a')],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'path: POST to a collection with a trailing slash',
    [{ method: 'POST', path: 'c/', body: { fields: {} } }],
    'INVALID_ARGUMENT',
  ),

  // -- queries with no from --
  seeded('no from: every document directly under the root', [runQuery({})], 'OK'),
  seeded(
    'no from: under a document',
    [{ method: 'POST', path: 'c/a:runQuery', body: { structuredQuery: {} } }],
    'OK',
  ),
  seeded(
    'no from: with a limit and __name__ ascending',
    [runQuery({ orderBy: [order('__name__')], limit: 1 })],
    'OK',
  ),
  seeded(
    'no from: __name__ descending',
    [runQuery({ orderBy: [order('__name__', 'DESCENDING')] })],
    'INVALID_ARGUMENT',
  ),
  seeded('no from: ordered by a field', [runQuery({ orderBy: [order('n')] })], 'INVALID_ARGUMENT'),
  seeded(
    'no from: with a filter',
    [runQuery({ where: field('n', 'EQUAL', V.int(1)) })],
    'INVALID_ARGUMENT',
  ),
  seeded('no from: count', [runAggregation({}, [{ alias: 'c', count: {} }])], 'OK'),

  // -- __name__ cursors --
  seeded(
    'cursor: __name__ as a string',
    [
      runQuery({
        from: from('c'),
        orderBy: [order('__name__')],
        startAt: { values: [V.str('a')] },
      }),
    ],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'cursor: __name__ of another project',
    [
      runQuery({
        from: from('c'),
        orderBy: [order('__name__')],
        startAt: { values: [V.ref('projects/other/databases/(default)/documents/c/a')] },
      }),
    ],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'cursor: __name__ as a string on an empty collection',
    [
      runQuery({
        from: from('nothing'),
        orderBy: [order('__name__')],
        endAt: { values: [V.int(1)] },
      }),
    ],
    'INVALID_ARGUMENT',
  ),
  seeded(
    'cursor: implicit __name__ order given a string',
    [runQuery({ from: from('c'), startAt: { values: [V.str('a')] } })],
    'INVALID_ARGUMENT',
  ),

  // -- vector values --
  {
    name: 'vector: round trip',
    requests: [
      commit({
        update: { name: '{root}/c/v', fields: { v: vector(V.double(1), V.double(-2.5)) } },
      }),
      get('c/v'),
    ],
    expect: 'OK',
  },
  {
    name: 'vector: empty',
    requests: [commit({ update: { name: '{root}/c/v', fields: { v: vector() } } }), get('c/v')],
    expect: 'INVALID_ARGUMENT',
  },
  {
    name: 'vector: an integer element',
    requests: [commit({ update: { name: '{root}/c/v', fields: { v: vector(V.int(1)) } } })],
    expect: 'INVALID_ARGUMENT',
  },
  {
    name: 'vector: an extra entry',
    requests: [
      commit({
        update: {
          name: '{root}/c/v',
          fields: {
            v: {
              mapValue: { fields: { __type__: V.str('__vector__'), value: V.arr(), x: V.null() } },
            },
          },
        },
      }),
    ],
    expect: 'INVALID_ARGUMENT',
  },
  {
    name: 'vector: another __type__',
    requests: [
      commit({
        update: {
          name: '{root}/c/v',
          fields: { v: { mapValue: { fields: { __type__: V.str('x') } } } },
        },
      }),
    ],
    expect: 'INVALID_ARGUMENT',
  },
  {
    name: 'vector: in a query filter',
    seed: { 'c/v': { v: vector(V.double(1)) }, 'c/w': { v: vector(V.double(2)) } },
    requests: [runQuery({ from: from('c'), where: field('v', 'EQUAL', vector(V.double(1))) })],
    expect: 'OK',
  },

  // -- a non-transactional write meeting a running transaction --
  {
    name: 'lock: a write waits for the transaction that read the document, then gives up',
    seed: { 'c/a': { n: V.int(1) } },
    requests: [
      { method: 'POST', path: ':beginTransaction', body: {} },
      {
        method: 'POST',
        path: ':batchGet',
        body: { documents: ['{root}/c/a'], transaction: '{transaction}' },
      },
      commit({ update: { name: '{root}/c/a', fields: { n: V.int(2) } } }),
      {
        method: 'POST',
        path: ':commit',
        body: {
          transaction: '{transaction}',
          writes: [{ update: { name: '{root}/c/a', fields: { n: V.int(3) } } }],
        },
      },
      get('c/a'),
    ],
    expect: 'OK',
    slowMs: 3000,
  },
  {
    name: 'lock: a write to another document does not wait',
    seed: { 'c/a': { n: V.int(1) } },
    requests: [
      { method: 'POST', path: ':beginTransaction', body: {} },
      {
        method: 'POST',
        path: ':batchGet',
        body: { documents: ['{root}/c/a'], transaction: '{transaction}' },
      },
      commit({ update: { name: '{root}/c/b', fields: { n: V.int(2) } } }),
      {
        method: 'POST',
        path: ':commit',
        body: {
          transaction: '{transaction}',
          writes: [{ update: { name: '{root}/c/a', fields: { n: V.int(3) } } }],
        },
      },
    ],
    expect: 'OK',
  },
];
