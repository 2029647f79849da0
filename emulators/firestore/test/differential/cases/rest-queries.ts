/** RunQuery and RunAggregationQuery over one seeded collection: valid shapes and refused ones. */
import type { Json, RestCase } from '../support/rest.ts';
import { V, and, field, from, or, order, runAggregation, runQuery, unary } from './rest-helpers.ts';

const SEED: Record<string, Json> = {
  'c/a': {
    n: V.int(1),
    s: V.str('a'),
    tags: V.arr(V.str('x'), V.str('y')),
    b: V.bool(true),
    m: V.map({ k: V.int(1) }),
  },
  'c/b': { n: V.int(2), s: V.str('b'), tags: V.arr(V.str('y')), d: V.double(2.5) },
  'c/c': { n: V.null(), s: V.str('c') },
  'c/d': { n: V.str('text'), tags: V.arr() },
  'c/e': { n: V.double('NaN'), s: V.null() },
  'c/f': {
    n: V.int(3),
    s: V.str('f'),
    tags: V.arr(V.str('z'), V.str('x')),
    m: V.map({ k: V.int(2) }),
  },
  'c/g': {},
  'c/h': { n: V.double(2), s: V.str('h'), tags: V.arr(V.null()) },
  'x/1/c/y': { n: V.int(5), s: V.str('y') },
  'x/1/c/z': { n: V.int(0) },
};

function queryCase(
  name: string,
  structuredQuery: Json,
  expect = 'OK',
  deliberate?: RestCase['deliberate'],
): RestCase {
  return {
    name: `query: ${name}`,
    seed: SEED,
    requests: [runQuery(structuredQuery)],
    expect,
    ...(deliberate ? { deliberate } : {}),
  };
}

/** Production serves `__name__` descending from its built-in indexes; Google's emulator asks for a composite index. */
const NAME_DESCENDING = {
  google: 'FAILED_PRECONDITION',
  why: "production orders by __name__ descending without a composite index; Google's emulator asks for one",
};

const q = (extra: Json): Json => ({ from: from('c'), ...extra });

const COMPARABLE: [string, Json][] = [
  ['1', V.int(1)],
  ['2', V.int(2)],
  ['2.0', V.double(2)],
  ['null', V.null()],
  ['"text"', V.str('text')],
  ['NaN', V.double('NaN')],
];
const OPS = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];

const LISTS: [string, Json[]][] = [
  ['[1, 2]', [V.int(1), V.int(2)]],
  ['[null]', [V.null()]],
  ['[1, null]', [V.int(1), V.null()]],
  ['["text"]', [V.str('text')]],
  ['[NaN]', [V.double('NaN')]],
  ['[3, 2.0]', [V.int(3), V.double(2)]],
];

const values = (count: number): Json[] => Array.from({ length: count }, (_, index) => V.int(index));

export const QUERY_CASES: RestCase[] = [
  ...OPS.flatMap((op) =>
    COMPARABLE.map(([label, value]) =>
      queryCase(`n ${op} ${label}`, q({ where: field('n', op, value) })),
    ),
  ),
  ...['IN', 'NOT_IN'].flatMap((op) =>
    LISTS.map(([label, list]) =>
      queryCase(`n ${op} ${label}`, q({ where: field('n', op, V.arr(...list)) })),
    ),
  ),
  ...['x', 'y', 'z'].map((tag) =>
    queryCase(
      `tags ARRAY_CONTAINS ${tag}`,
      q({ where: field('tags', 'ARRAY_CONTAINS', V.str(tag)) }),
    ),
  ),
  queryCase('tags ARRAY_CONTAINS null', q({ where: field('tags', 'ARRAY_CONTAINS', V.null()) })),
  queryCase(
    'tags ARRAY_CONTAINS_ANY [x, z]',
    q({ where: field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.str('x'), V.str('z'))) }),
  ),
  queryCase(
    'tags ARRAY_CONTAINS_ANY [null]',
    q({ where: field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.null())) }),
  ),
  ...['n', 's', 'm'].flatMap((path) =>
    ['IS_NULL', 'IS_NOT_NULL', 'IS_NAN', 'IS_NOT_NAN'].map((op) =>
      queryCase(`${path} ${op}`, q({ where: unary(path, op) })),
    ),
  ),
  ...['n', 's', 'tags', 'm', 'm.k', '__name__'].flatMap((path) =>
    ['ASCENDING', 'DESCENDING'].map((direction) =>
      queryCase(
        `order by ${path} ${direction}`,
        q({ orderBy: [order(path, direction)] }),
        'OK',
        path === '__name__' && direction === 'DESCENDING' ? NAME_DESCENDING : undefined,
      ),
    ),
  ),
  ...[0, 1, 3, 20].map((limit) =>
    queryCase(`order by n, limit ${limit}`, q({ orderBy: [order('n')], limit })),
  ),
  ...[1, 4, 20].map((offset) =>
    queryCase(`order by n, offset ${offset}`, q({ orderBy: [order('n')], offset })),
  ),
  queryCase('order by s, n', q({ orderBy: [order('s'), order('n', 'DESCENDING')] })),
  queryCase('select s', q({ select: { fields: [{ fieldPath: 's' }] } })),
  queryCase('select nothing', q({ select: { fields: [] } })),
  queryCase('select __name__', q({ select: { fields: [{ fieldPath: '__name__' }] } })),
  queryCase('select m.k', q({ select: { fields: [{ fieldPath: 'm.k' }] } })),
  queryCase(
    'start at n 2',
    q({ orderBy: [order('n')], startAt: { values: [V.int(2)], before: true } }),
  ),
  queryCase('start after n 2', q({ orderBy: [order('n')], startAt: { values: [V.int(2)] } })),
  queryCase('end at n 2', q({ orderBy: [order('n')], endAt: { values: [V.int(2)] } })),
  queryCase(
    'end before n 2',
    q({ orderBy: [order('n')], endAt: { values: [V.int(2)], before: true } }),
  ),
  queryCase(
    'start at n 2 and name b, __name__ not in the order',
    q({
      orderBy: [order('n')],
      startAt: { values: [V.int(2), V.ref('{root}/c/b')], before: true },
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'start at n 2 and name b',
    q({
      orderBy: [order('n'), order('__name__')],
      startAt: { values: [V.int(2), V.ref('{root}/c/b')], before: true },
    }),
  ),
  queryCase(
    'start after n 2 and name b',
    q({
      orderBy: [order('n'), order('__name__')],
      startAt: { values: [V.int(2), V.ref('{root}/c/b')] },
    }),
  ),
  queryCase(
    'cursor on __name__ desc',
    q({
      orderBy: [order('__name__', 'DESCENDING')],
      startAt: { values: [V.ref('{root}/c/d')], before: true },
    }),
    'OK',
    NAME_DESCENDING,
  ),
  queryCase(
    'cursor with a __name__ id only',
    q({ orderBy: [order('__name__')], startAt: { values: [V.ref('{root}/c/d')] } }),
  ),
  queryCase('__name__ > c/c', q({ where: field('__name__', 'GREATER_THAN', V.ref('{root}/c/c')) })),
  queryCase('__name__ == c/b', q({ where: field('__name__', 'EQUAL', V.ref('{root}/c/b')) })),
  queryCase(
    '__name__ IN [c/a, c/h]',
    q({ where: field('__name__', 'IN', V.arr(V.ref('{root}/c/a'), V.ref('{root}/c/h'))) }),
  ),
  queryCase(
    'n > 1 order by n desc limit 2',
    q({
      where: field('n', 'GREATER_THAN', V.int(1)),
      orderBy: [order('n', 'DESCENDING')],
      limit: 2,
    }),
  ),
  queryCase(
    'n >= 1 and s != "b"',
    q({
      where: and(
        field('n', 'GREATER_THAN_OR_EQUAL', V.int(1)),
        field('s', 'NOT_EQUAL', V.str('b')),
      ),
    }),
  ),
  queryCase(
    'n == 1 or s == "f"',
    q({ where: or(field('n', 'EQUAL', V.int(1)), field('s', 'EQUAL', V.str('f'))) }),
  ),
  queryCase(
    'n == 1 or (s == "b" and n == 2)',
    q({
      where: or(
        field('n', 'EQUAL', V.int(1)),
        and(field('s', 'EQUAL', V.str('b')), field('n', 'EQUAL', V.int(2))),
      ),
    }),
  ),
  queryCase('or with one filter', q({ where: or(field('n', 'EQUAL', V.int(3))) })),
  queryCase('and with no filter', q({ where: and() })),
  queryCase('collection group c', { from: from('c', true), orderBy: [order('n')] }),
  queryCase('collection group c, n < 2', {
    from: from('c', true),
    where: field('n', 'LESS_THAN', V.int(2)),
  }),
  queryCase('collection missing', { from: from('nothing') }),

  // Refused shapes (issue 9, class 1).
  queryCase('IN with an empty list', q({ where: field('n', 'IN', V.arr()) }), 'INVALID_ARGUMENT'),
  queryCase(
    'NOT_IN with an empty list',
    q({ where: field('n', 'NOT_IN', V.arr()) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'ARRAY_CONTAINS_ANY with an empty list',
    q({ where: field('tags', 'ARRAY_CONTAINS_ANY', V.arr()) }),
    'INVALID_ARGUMENT',
  ),
  queryCase('IN not a list', q({ where: field('n', 'IN', V.int(1)) }), 'INVALID_ARGUMENT'),
  queryCase('IN with 30 values', q({ where: field('n', 'IN', V.arr(...values(30))) })),
  queryCase(
    'IN with 31 values',
    q({ where: field('n', 'IN', V.arr(...values(31))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase('NOT_IN with 10 values', q({ where: field('n', 'NOT_IN', V.arr(...values(10))) })),
  queryCase(
    'NOT_IN with 11 values',
    q({ where: field('n', 'NOT_IN', V.arr(...values(11))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'ARRAY_CONTAINS_ANY with 30 values',
    q({ where: field('tags', 'ARRAY_CONTAINS_ANY', V.arr(...values(30))) }),
  ),
  queryCase(
    'ARRAY_CONTAINS_ANY with 31 values',
    q({ where: field('tags', 'ARRAY_CONTAINS_ANY', V.arr(...values(31))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'two NOT_EQUAL',
    q({ where: and(field('n', 'NOT_EQUAL', V.int(1)), field('s', 'NOT_EQUAL', V.str('a'))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'NOT_EQUAL and NOT_IN',
    q({ where: and(field('n', 'NOT_EQUAL', V.int(1)), field('s', 'NOT_IN', V.arr(V.str('a')))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'two NOT_IN',
    q({
      where: and(field('n', 'NOT_IN', V.arr(V.int(1))), field('s', 'NOT_IN', V.arr(V.str('a')))),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'NOT_IN with IN',
    q({ where: and(field('n', 'NOT_IN', V.arr(V.int(1))), field('s', 'IN', V.arr(V.str('a')))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'NOT_IN with ARRAY_CONTAINS_ANY',
    q({
      where: and(
        field('n', 'NOT_IN', V.arr(V.int(1))),
        field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.str('x'))),
      ),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'NOT_IN inside OR',
    q({ where: or(field('n', 'NOT_IN', V.arr(V.int(1))), field('s', 'EQUAL', V.str('a'))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'two ARRAY_CONTAINS',
    q({
      where: and(
        field('tags', 'ARRAY_CONTAINS', V.str('x')),
        field('tags', 'ARRAY_CONTAINS', V.str('y')),
      ),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'two ARRAY_CONTAINS_ANY',
    q({
      where: and(
        field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.str('x'))),
        field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.str('y'))),
      ),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'ARRAY_CONTAINS in two OR branches',
    q({
      where: or(
        field('tags', 'ARRAY_CONTAINS', V.str('x')),
        field('tags', 'ARRAY_CONTAINS', V.str('z')),
      ),
    }),
  ),
  queryCase(
    'ARRAY_CONTAINS and (ARRAY_CONTAINS or n == 1)',
    q({
      where: and(
        field('tags', 'ARRAY_CONTAINS', V.str('x')),
        or(field('tags', 'ARRAY_CONTAINS', V.str('y')), field('n', 'EQUAL', V.int(1))),
      ),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'ARRAY_CONTAINS with ARRAY_CONTAINS_ANY',
    q({
      where: and(
        field('tags', 'ARRAY_CONTAINS', V.str('x')),
        field('tags', 'ARRAY_CONTAINS_ANY', V.arr(V.str('y'))),
      ),
    }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'OR of 30 equalities',
    q({ where: or(...values(30).map((value) => field('n', 'EQUAL', value))) }),
  ),
  queryCase(
    'OR of 31 equalities',
    q({ where: or(...values(31).map((value) => field('n', 'EQUAL', value))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'IN of 6 times IN of 5 (30 disjunctions)',
    q({ where: and(field('n', 'IN', V.arr(...values(6))), field('s', 'IN', V.arr(...values(5)))) }),
  ),
  queryCase(
    'IN of 6 times IN of 6 (36 disjunctions)',
    q({ where: and(field('n', 'IN', V.arr(...values(6))), field('s', 'IN', V.arr(...values(6)))) }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    'cursor longer than the order',
    q({ orderBy: [order('n')], startAt: { values: [V.int(1), V.ref('{root}/c/a'), V.int(3)] } }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    '__name__ cursor not a reference',
    q({ orderBy: [order('__name__')], startAt: { values: [V.str('a')] } }),
    'INVALID_ARGUMENT',
  ),
  queryCase(
    '__name__ filter not a reference',
    q({ where: field('__name__', 'EQUAL', V.str('a')) }),
    'INVALID_ARGUMENT',
  ),
  queryCase('negative limit', q({ limit: -1 }), 'INVALID_ARGUMENT'),
  queryCase('negative offset', q({ offset: -1 }), 'INVALID_ARGUMENT'),
  queryCase('two from clauses', { from: [...from('c'), ...from('x')] }, 'INVALID_ARGUMENT'),
  queryCase(
    'order by a field with an empty segment',
    q({ orderBy: [order('a..b')] }),
    'INVALID_ARGUMENT',
  ),

  // Aggregations.
  ...[
    ['count', [{ alias: 'total', count: {} }]],
    ['count up to 3', [{ alias: 'total', count: { upTo: 3 } }]],
    ['sum n', [{ alias: 'sum', sum: { field: { fieldPath: 'n' } } }]],
    ['avg n', [{ alias: 'avg', avg: { field: { fieldPath: 'n' } } }]],
    ['sum d', [{ alias: 'sum', sum: { field: { fieldPath: 'd' } } }]],
    ['avg missing', [{ alias: 'avg', avg: { field: { fieldPath: 'missing' } } }]],
    [
      'count, sum and avg',
      [
        { alias: 'a', count: {} },
        { alias: 'b', sum: { field: { fieldPath: 'n' } } },
        { alias: 'c', avg: { field: { fieldPath: 'n' } } },
      ],
    ],
    ['five aggregations', [1, 2, 3, 4, 5].map((index) => ({ alias: `a${index}`, count: {} }))],
  ].map(([label, aggregations]): RestCase => ({
    name: `aggregation: ${label as string}`,
    seed: SEED,
    requests: [runAggregation(q({}), aggregations as Json[])],
    expect: 'OK',
  })),
  ...[
    ['six aggregations', [1, 2, 3, 4, 5, 6].map((index) => ({ alias: `a${index}`, count: {} }))],
    [
      'duplicate aliases',
      [
        { alias: 'a', count: {} },
        { alias: 'a', sum: { field: { fieldPath: 'n' } } },
      ],
    ],
    ['no aggregation', []],
  ].map(([label, aggregations]): RestCase => ({
    name: `aggregation: ${label as string}`,
    seed: SEED,
    requests: [runAggregation(q({}), aggregations as Json[])],
    expect: 'INVALID_ARGUMENT',
    ...(label === 'six aggregations'
      ? {
          deliberate: {
            google: 'UNKNOWN',
            why: "production refuses more than 5 aggregations with INVALID_ARGUMENT; Google's emulator fails internally",
          },
        }
      : {}),
  })),
];
