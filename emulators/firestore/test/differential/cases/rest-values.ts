/** Values: round trips of every type, and the writes production refuses (issue 9, classes 3-5). */
import type { Json, RestCase } from '../support/rest.ts';
import { V, commit, get, roundTrip } from './rest-helpers.ts';

const VALUES: [string, Json][] = [
  ['null', V.null()],
  ['true', V.bool(true)],
  ['false', V.bool(false)],
  ['zero', V.int(0)],
  ['negative int', V.int(-42)],
  ['int64 max', V.int('9223372036854775807')],
  ['int64 min', V.int('-9223372036854775808')],
  ['int beyond 2^53', V.int('9007199254740993')],
  ['double', V.double(2.5)],
  ['double negative zero', V.double(-0)],
  ['double NaN', V.double('NaN')],
  ['double Infinity', V.double('Infinity')],
  ['double -Infinity', V.double('-Infinity')],
  ['double tiny', V.double(5e-324)],
  ['double huge', V.double(1.7976931348623157e308)],
  ['double integral', V.double(3)],
  ['empty string', V.str('')],
  ['ascii string', V.str('hello')],
  ['unicode string', V.str('Iglesia ortodoxă — 教会 🕍')],
  ['string with NUL', V.str('a\u0000b')],
  ['bytes', V.bytes('AQID')],
  ['empty bytes', V.bytes('')],
  ['timestamp seconds', V.ts('2026-01-02T03:04:05Z')],
  ['timestamp millis', V.ts('2026-01-02T03:04:05.678Z')],
  ['timestamp micros', V.ts('2026-01-02T03:04:05.678901Z')],
  ['timestamp nanos (truncated to micros)', V.ts('2026-01-02T03:04:05.123456789Z')],
  ['timestamp 1 nano', V.ts('2026-01-02T03:04:05.000000001Z')],
  ['timestamp epoch', V.ts('1970-01-01T00:00:00Z')],
  ['timestamp year 1', V.ts('0001-01-01T00:00:00Z')],
  ['timestamp end of 9999', V.ts('9999-12-31T23:59:59.999999Z')],
  ['timestamp with offset', V.ts('2026-01-02T03:04:05+02:00')],
  ['geopoint', V.geo(43.36, -5.85)],
  ['geopoint poles', V.geo(90, 180)],
  ['geopoint south west', V.geo(-90, -180)],
  ['reference', V.ref('projects/p/databases/(default)/documents/c/x')],
  ['reference nested', V.ref('projects/p/databases/(default)/documents/c/x/d/y')],
  ['empty array', V.arr()],
  ['array of mixed', V.arr(V.int(1), V.str('a'), V.null(), V.bool(true))],
  ['array of maps', V.arr(V.map({ a: V.int(1) }), V.map({}))],
  ['empty map', V.map({})],
  ['nested map', V.map({ a: V.map({ b: V.map({ c: V.str('deep') }) }) })],
  ['map with dotted key', V.map({ 'a.b': V.int(1) })],
  ['map with unicode key', V.map({ ñandú: V.int(1) })],
];

function nestedMap(depth: number): Json {
  let value: Json = V.int(1);
  for (let level = 1; level < depth; level++) value = V.map({ m: value });
  return value;
}

const REFUSED: [string, Json, string][] = [
  ['field name __x__', { __x__: V.int(1) }, 'INVALID_ARGUMENT'],
  ['field name __name__', { __name__: V.int(1) }, 'INVALID_ARGUMENT'],
  ['nested field name __x__', { m: V.map({ __x__: V.int(1) }) }, 'INVALID_ARGUMENT'],
  ['nested field name __name__', { m: V.map({ __name__: V.int(1) }) }, 'INVALID_ARGUMENT'],
  ['field name _x_ (allowed)', { _x_: V.int(1) }, 'OK'],
  ['field name __x (allowed)', { __x: V.int(1) }, 'OK'],
  ['field name x__ (allowed)', { x__: V.int(1) }, 'OK'],
  ['empty field name', { '': V.int(1) }, 'INVALID_ARGUMENT'],
  ['nested empty field name', { m: V.map({ '': V.int(1) }) }, 'INVALID_ARGUMENT'],
  ['array in array', { a: V.arr(V.arr(V.int(1))) }, 'INVALID_ARGUMENT'],
  ['array in map in array (allowed)', { a: V.arr(V.map({ b: V.arr(V.int(1)) })) }, 'OK'],
  ['reference not a resource name', { r: V.ref('c/x') }, 'INVALID_ARGUMENT'],
  [
    'reference to a collection',
    { r: V.ref('projects/p/databases/(default)/documents/c') },
    'INVALID_ARGUMENT',
  ],
  ['reference empty', { r: V.ref('') }, 'INVALID_ARGUMENT'],
  ['geopoint latitude 91', { g: V.geo(91, 0) }, 'INVALID_ARGUMENT'],
  ['geopoint latitude -90.5', { g: V.geo(-90.5, 0) }, 'INVALID_ARGUMENT'],
  ['geopoint longitude 181', { g: V.geo(0, 181) }, 'INVALID_ARGUMENT'],
  ['geopoint longitude -180.1', { g: V.geo(0, -180.1) }, 'INVALID_ARGUMENT'],
  ['timestamp year 10000', { t: V.ts('10000-01-01T00:00:00Z') }, 'INVALID_ARGUMENT'],
  ['timestamp not a time', { t: V.ts('yesterday') }, 'INVALID_ARGUMENT'],
  ['map nested 20 deep (allowed)', { m: nestedMap(20) }, 'OK'],
  ['map nested 21 deep (allowed)', { m: nestedMap(21) }, 'OK'],
  ['map nested 22 deep', { m: nestedMap(22) }, 'INVALID_ARGUMENT'],
  ['map nested 30 deep', { m: nestedMap(30) }, 'INVALID_ARGUMENT'],
  ['integer not a number', { i: V.int('abc') }, 'INVALID_ARGUMENT'],
  ['integer beyond int64', { i: V.int('9223372036854775808') }, 'INVALID_ARGUMENT'],
];

const NAMES: [string, string, string][] = [
  ['id of 1,500 bytes', 'c/' + 'a'.repeat(1500), 'OK'],
  ['id of 1,501 bytes', 'c/' + 'a'.repeat(1501), 'INVALID_ARGUMENT'],
  ['id __x__', 'c/__x__', 'INVALID_ARGUMENT'],
  ['id .', 'c/.', 'INVALID_ARGUMENT'],
  ['id ..', 'c/..', 'INVALID_ARGUMENT'],
  ['id ...', 'c/...', 'OK'],
  ['id with spaces', 'c/a b', 'OK'],
  ['id unicode', 'c/ñ🕍', 'OK'],
  ['collection __x__', '__x__/a', 'INVALID_ARGUMENT'],
  ['empty segment c//a', 'c//a', 'INVALID_ARGUMENT'],
  ['deep path', 'a/1/b/2/c/3/d/4', 'OK'],
  [
    'name beyond 1,500 bytes with short id',
    'c'.repeat(1000) + '/x/' + 'd'.repeat(600) + '/y',
    'OK',
  ],
];

export const VALUE_CASES: RestCase[] = [
  ...VALUES.map(([label, value]) => roundTrip(`value round trip: ${label}`, { v: value })),
  ...VALUES.map(([label, value]) =>
    roundTrip(
      `value round trip in an array and a map: ${label}`,
      { a: V.arr(value), m: V.map({ inner: value }) },
      // An array directly inside an array is refused.
      'arrayValue' in value ? 'INVALID_ARGUMENT' : 'OK',
    ),
  ),
  ...REFUSED.map(([label, fields, expect]) => roundTrip(`write: ${label}`, fields, expect)),
  ...NAMES.map(([label, path, expect]): RestCase => ({
    name: `document name: ${label}`,
    requests: [
      commit({ update: { name: `{root}/${path}`, fields: { v: V.int(1) } } }),
      // Read back by name in a body: a URL would have its dot segments resolved by fetch.
      ...(expect === 'OK'
        ? [{ method: 'POST' as const, path: ':batchGet', body: { documents: [`{root}/${path}`] } }]
        : []),
    ],
    expect,
  })),
  {
    name: 'document name: c//a in a GET',
    requests: [get('c//a')],
    expect: 'INVALID_ARGUMENT',
  },
];
