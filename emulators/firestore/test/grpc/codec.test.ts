/**
 * The gRPC codec (src/grpc/codec.ts) against protobufjs, which it replaced for speed: decoding
 * must give exactly `toObject(decode(bytes), PROTO_LOADER_OPTIONS)` (with Firestore values in the
 * core's stored shape: no `valueType`, empty maps and arrays with their `fields` / `values`),
 * and what it encodes must decode as protobufjs's `encode(fromObject(message))` does.
 */
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { PROTO_LOADER_OPTIONS } from '../../src/backend.ts';
import { codecOf } from '../../src/grpc/codec.ts';
import { firestoreRoot } from '../../src/proto-root.ts';

const DB = 'projects/p/databases/(default)';
const DOC = `${DB}/documents/c/d`;

function type(name: string): protobuf.Type {
  return firestoreRoot().lookupType(`google.firestore.v1.${name}`);
}

/** `toObject`'s message with every Firestore value in the stored shape, in place. */
function storedShape(t: protobuf.Type, object: Record<string, unknown>): Record<string, unknown> {
  if (t.fullName === '.google.firestore.v1.Value') delete object.valueType;
  if (t.fullName === '.google.firestore.v1.MapValue') object.fields ??= {};
  if (t.fullName === '.google.firestore.v1.ArrayValue') object.values ??= [];
  for (const field of t.fieldsArray) {
    const inner = field.resolve().resolvedType;
    const value = object[field.name];
    if (!(inner instanceof protobuf.Type) || value == null) continue;
    const each = (v: unknown) => storedShape(inner, v as Record<string, unknown>);
    if (field.map) Object.values(value as object).forEach(each);
    else if (field.repeated) (value as unknown[]).forEach(each);
    else each(value);
  }
  return object;
}

/** protobufjs's answer for the bytes of `message` (the reference). */
function reference(name: string, message: object) {
  const t = type(name);
  const bytes = Buffer.from(t.encode(t.fromObject(message)).finish());
  return { bytes, object: storedShape(t, t.toObject(t.decode(bytes), PROTO_LOADER_OPTIONS)) };
}

const everyValue = {
  nothing: { nullValue: 'NULL_VALUE' },
  yes: { booleanValue: true },
  no: { booleanValue: false },
  zero: { integerValue: '0' },
  minusOne: { integerValue: '-1' },
  beyondDoubles: { integerValue: '9007199254740993' },
  min: { integerValue: '-9223372036854775808' },
  max: { integerValue: '9223372036854775807' },
  justBelowSafe: { integerValue: '-9007199254740991' },
  twoTo53: { integerValue: '-9007199254740992' },
  nan: { doubleValue: NaN },
  minusZero: { doubleValue: -0 },
  infinity: { doubleValue: -Infinity },
  half: { doubleValue: 0.5 },
  before1970: { timestampValue: { seconds: '-62135596800', nanos: 0 } },
  now: { timestampValue: { seconds: '1790000000', nanos: 123456000 } },
  text: { stringValue: 'ñandú 🐦 \u0000 end' },
  empty: { stringValue: '' },
  blob: { bytesValue: Buffer.from([0, 1, 2, 255]) },
  noBytes: { bytesValue: Buffer.alloc(0) },
  ref: { referenceValue: DOC },
  place: { geoPointValue: { latitude: -33.5, longitude: 151.25 } },
  list: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'two' }] } },
  emptyList: { arrayValue: {} },
  nested: {
    mapValue: { fields: { a: { mapValue: { fields: { '1': { booleanValue: true } } } } } },
  },
  emptyMap: { mapValue: {} },
};

const requests: Array<[string, object]> = [
  [
    'CommitRequest',
    {
      database: DB,
      transaction: Buffer.from('tx-1'),
      writes: [
        {
          update: { name: DOC, fields: everyValue },
          updateMask: { fieldPaths: ['nothing', 'yes', '`odd.name`'] },
          updateTransforms: [
            { fieldPath: 'n', increment: { integerValue: '-5' } },
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'a', appendMissingElements: { values: [{ nullValue: 'NULL_VALUE' }] } },
          ],
          currentDocument: { updateTime: { seconds: '1', nanos: 5000 } },
        },
        { delete: DOC, currentDocument: { exists: false } },
        { transform: { document: DOC, fieldTransforms: [{ fieldPath: 'x', maximum: {} }] } },
      ],
    },
  ],
  [
    'ListenRequest',
    {
      database: DB,
      addTarget: {
        targetId: -7,
        query: {
          parent: `${DB}/documents`,
          structuredQuery: {
            from: [{ collectionId: 'c', allDescendants: true }],
            where: {
              compositeFilter: {
                op: 'OR',
                filters: [
                  { fieldFilter: { field: { fieldPath: 'a' }, op: 'IN', value: everyValue.list } },
                  { unaryFilter: { op: 'IS_NOT_NAN', field: { fieldPath: 'b' } } },
                ],
              },
            },
            orderBy: [{ field: { fieldPath: '__name__' }, direction: 'DESCENDING' }],
            startAt: { values: [{ referenceValue: DOC }], before: true },
            offset: 3,
            limit: { value: 50 },
          },
        },
        resumeToken: Buffer.from([9, 9]),
        expectedCount: { value: 4 },
      },
      labels: { 'goog-listen-tags': 'limbo-document', other: '' },
    },
  ],
  ['ListenRequest', { database: DB, removeTarget: 2147483647 }],
  [
    'RunAggregationQueryRequest',
    {
      parent: `${DB}/documents`,
      newTransaction: { readOnly: { readTime: { seconds: '-1', nanos: 999999999 } } },
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'c' }] },
        aggregations: [
          { alias: 'n', count: { upTo: { value: '9007199254740993' } } },
          { alias: 's', sum: { field: { fieldPath: 'x' } } },
        ],
      },
    },
  ],
  ['BatchGetDocumentsRequest', { database: DB, documents: [DOC, DOC], mask: { fieldPaths: [] } }],
];

const responses: Array<[string, object]> = [
  [
    'ListenResponse',
    {
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [1, 2, 300000, -1],
        cause: { code: 7, message: 'denied' },
        resumeToken: Buffer.from('token'),
        readTime: { seconds: 1790000000, nanos: 1000 },
      },
    },
  ],
  [
    'ListenResponse',
    {
      documentChange: {
        document: { name: DOC, fields: everyValue, updateTime: { seconds: '12', nanos: 0 } },
        targetIds: [4],
        removedTargetIds: [],
      },
    },
  ],
  ['ListenResponse', { filter: { targetId: 2, count: 0 } }],
  [
    'CommitResponse',
    {
      writeResults: [{ updateTime: { seconds: '1', nanos: 2 }, transformResults: [{}] }, {}],
      commitTime: { seconds: '1790000000', nanos: 3000 },
    },
  ],
  [
    'BatchWriteResponse',
    { writeResults: [{}, {}], status: [{ code: 0 }, { code: 6, message: 'exists' }] },
  ],
  ['BeginTransactionResponse', { transaction: 'dHgtMQ==' }], // base64 text, as fromObject takes
  [
    'RunQueryResponse',
    { readTime: { seconds: '5', nanos: 0 }, skippedResults: 3, valueType: 'ignored' },
  ],
];

describe('decoding gives what protobufjs toObject gives', () => {
  it.each(requests.map(([name, message], i) => [`${name} #${i}`, name, message] as const))(
    '%s',
    (_label, name, message) => {
      const { bytes, object } = reference(name, message);
      expect(codecOf(type(name)).decode(bytes)).toEqual(object);
    },
  );

  it('skips fields it does not know, of every wire type', () => {
    const { bytes, object } = reference('ListenRequest', { database: DB, removeTarget: 3 });
    const unknown = new protobuf.Writer();
    unknown.uint32((900 << 3) | 0).uint64('18446744073709551615');
    unknown.uint32((901 << 3) | 1).double(1.5);
    unknown.uint32((902 << 3) | 2).string('x');
    unknown.uint32((903 << 3) | 5).float(2);
    const withUnknown = Buffer.concat([unknown.finish(), bytes]);
    expect(codecOf(type('ListenRequest')).decode(withUnknown)).toEqual(object);
  });

  it('refuses a message cut short', () => {
    const { bytes } = reference('CommitRequest', requests[0]![1]);
    expect(() =>
      codecOf(type('CommitRequest')).decode(bytes.subarray(0, bytes.length - 3)),
    ).toThrow(RangeError);
  });

  it('reads repeated numbers packed and unpacked', () => {
    const t = type('TargetChange');
    const unpacked = new protobuf.Writer();
    for (const id of [5, -2]) unpacked.uint32((2 << 3) | 0).int32(id);
    const packed = Buffer.from(t.encode(t.fromObject({ targetIds: [5, -2] })).finish());
    const expected = { targetIds: [5, -2] };
    expect(codecOf(t).decode(Buffer.from(unpacked.finish()))).toEqual(expected);
    expect(codecOf(t).decode(packed)).toEqual(expected);
  });
});

describe('encoding gives what protobufjs fromObject + encode gives', () => {
  it.each(
    [...responses, ...requests].map(
      ([name, message], i) => [`${name} #${i}`, name, message] as const,
    ),
  )('%s', (_label, name, message) => {
    const t = type(name);
    const ours = Buffer.from(codecOf(t).encode(message));
    expect(storedShape(t, t.toObject(t.decode(ours), PROTO_LOADER_OPTIONS))).toEqual(
      reference(name, message).object,
    );
  });

  it('writes long nested messages and 64-bit integers as protobufjs does', () => {
    const t = type('Document');
    const nested = (text: string) => ({
      mapValue: { fields: { m: { mapValue: { fields: { s: { stringValue: text } } } } } },
    });
    const message = {
      name: DOC,
      fields: {
        short: nested('é'.repeat(60)),
        medium: nested('x'.repeat(300)),
        long: nested('ñ'.repeat(20_000)),
        negative: { integerValue: -5 },
        bigNegative: { integerValue: '-9007199254740993' },
        // A Long (long.js's fields) of -1234567890123.
        long64: { integerValue: { low: -1912276171, high: -288, unsigned: false } },
      },
      createTime: { seconds: -62135596800, nanos: 1 },
    };
    const ours = Buffer.from(codecOf(t).encode(message));
    expect(ours).toEqual(Buffer.from(t.encode(t.fromObject(message)).finish()));
  });

  it('drops an enum name it does not know, as fromObject does', () => {
    const t = type('TargetChange');
    const ours = Buffer.from(codecOf(t).encode({ targetChangeType: 'NOT_A_TYPE', targetIds: [1] }));
    expect(t.toObject(t.decode(ours), PROTO_LOADER_OPTIONS)).toEqual({ targetIds: [1] });
  });

  it('refuses an array where a message is expected', () => {
    expect(() => codecOf(type('CommitResponse')).encode([])).toThrow(/array/);
  });
});
