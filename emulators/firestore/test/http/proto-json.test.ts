import { describe, expect, it } from 'vitest';
import {
  asciiJson,
  formatTimestamp,
  fromProto3Json,
  parseTimestamp,
  toProto3Json,
} from '../../src/http/proto-json.ts';
import type { ListenResponse, Messages } from '../../src/proto-types.ts';
import { present } from '../present.ts';
import {
  frame,
  frameChunk,
  parseChunks,
  parseForwardBody,
} from '../../src/http/webchannel/framing.ts';

/** fromProto3Json, its answer read as Present (see ../present.ts). */
const parse = <N extends keyof Messages>(typeName: N, json: unknown, strict?: boolean) =>
  present(fromProto3Json(typeName, json, strict));

describe('timestamps', () => {
  it('parses and formats RFC 3339 with nanos', () => {
    expect(parseTimestamp('2026-01-01T00:00:00.123456Z')).toEqual({
      seconds: '1767225600',
      nanos: 123456000,
    });
    expect(parseTimestamp('1970-01-01T00:00:01Z')).toEqual({ seconds: '1', nanos: 0 });
    expect(parseTimestamp('1970-01-01T01:00:00+01:00')).toEqual({ seconds: '0', nanos: 0 });
    expect(parseTimestamp('0001-01-01T00:00:00Z').seconds).toBe('-62135596800');
    expect(formatTimestamp({ seconds: '1767225600', nanos: 123456000 })).toBe(
      '2026-01-01T00:00:00.123456Z',
    );
    expect(formatTimestamp({ seconds: '1767225600', nanos: 0 })).toBe('2026-01-01T00:00:00Z');
    expect(formatTimestamp({ seconds: '1767225600', nanos: 1 })).toBe(
      '2026-01-01T00:00:00.000000001Z',
    );
    expect(formatTimestamp({ seconds: '1767225600', nanos: 5000000 })).toBe(
      '2026-01-01T00:00:00.005Z',
    );
    expect(() => parseTimestamp('yesterday')).toThrow();
  });
});

describe('proto3 JSON <-> proto-loader objects', () => {
  it('decodes a ListenRequest with a query target', () => {
    const json = {
      database: 'projects/p/databases/(default)',
      addTarget: {
        query: {
          parent: 'projects/p/databases/(default)/documents',
          structuredQuery: {
            from: [{ collectionId: 'cells' }],
            where: {
              fieldFilter: {
                field: { fieldPath: 'status' },
                op: 'EQUAL',
                value: { stringValue: 'ok' },
              },
            },
            orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
            limit: 5,
          },
        },
        targetId: 2,
        resumeToken: 'CgkIxPiJ/pW66AI=',
        expectedCount: 3,
      },
    };
    const msg = parse('ListenRequest', json);
    expect(msg.targetChange).toBe('addTarget');
    const t = msg.addTarget;
    expect(t.targetId).toBe(2);
    expect(Buffer.isBuffer(t.resumeToken)).toBe(true);
    expect(t.resumeToken.toString('base64')).toBe('CgkIxPiJ/pW66AI=');
    expect(t.expectedCount).toEqual({ value: 3 });
    expect(t.resumeType).toBe('resumeToken');
    expect(t.query.structuredQuery.limit).toEqual({ value: 5 });
    expect(t.query.structuredQuery.where.fieldFilter.op).toBe('EQUAL');
    expect(t.query.structuredQuery.where.fieldFilter.value).toEqual({
      stringValue: 'ok',
      valueType: 'stringValue',
    });
    // and back
    const back = toProto3Json('ListenRequest', msg);
    expect(back).toEqual(json);
  });

  it('handles values of every type', () => {
    const fields = {
      n: { nullValue: null },
      b: { booleanValue: true },
      i: { integerValue: '9007199254740993' },
      d: { doubleValue: 1.5 },
      nan: { doubleValue: 'NaN' },
      inf: { doubleValue: 'Infinity' },
      ninf: { doubleValue: '-Infinity' },
      t: { timestampValue: '2026-01-01T00:00:00.123456Z' },
      s: { stringValue: 'ñandú ☃ 😀' },
      y: { bytesValue: 'AAEC/w==' },
      r: { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
      g: { geoPointValue: { latitude: 1.5, longitude: -2 } },
      a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
      ea: { arrayValue: {} },
      m: { mapValue: { fields: { k: { booleanValue: false } } } },
    };
    const doc = {
      name: 'projects/p/databases/(default)/documents/a/b',
      fields,
      updateTime: '2026-01-01T00:00:00.5Z',
    };
    const obj = parse('Document', doc);
    expect(obj.fields.n).toEqual({ nullValue: 'NULL_VALUE', valueType: 'nullValue' });
    expect(obj.fields.i!.integerValue).toBe('9007199254740993');
    expect(Number.isNaN(obj.fields.nan!.doubleValue)).toBe(true);
    expect(obj.fields.inf!.doubleValue).toBe(Infinity);
    expect(obj.fields.ninf!.doubleValue).toBe(-Infinity);
    expect(obj.fields.t!.timestampValue).toEqual({ seconds: '1767225600', nanos: 123456000 });
    expect([...obj.fields.y!.bytesValue]).toEqual([0, 1, 2, 255]);
    expect(obj.updateTime).toEqual({ seconds: '1767225600', nanos: 500000000 });
    const back = toProto3Json('Document', obj);
    expect(back).toEqual({ ...doc, updateTime: '2026-01-01T00:00:00.500Z' });
  });

  it('encodes ListenResponses as the SDK expects', () => {
    const resp = {
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [2],
        resumeToken: Buffer.from([1, 2, 3]),
        readTime: { seconds: '100', nanos: 1000 },
        cause: { code: 7, message: 'no' },
      },
      responseType: 'targetChange',
    } satisfies ListenResponse;
    expect(toProto3Json('ListenResponse', resp)).toEqual({
      targetChange: {
        targetChangeType: 'CURRENT',
        targetIds: [2],
        resumeToken: 'AQID',
        readTime: '1970-01-01T00:01:40.000001Z',
        cause: { code: 7, message: 'no' },
      },
    });
    const del = toProto3Json('ListenResponse', {
      documentDelete: {
        document: 'projects/p/databases/d/documents/a/b',
        removedTargetIds: [2],
        readTime: { seconds: '1', nanos: 0 },
      },
    });
    expect(del).toEqual({
      documentDelete: {
        document: 'projects/p/databases/d/documents/a/b',
        removedTargetIds: [2],
        readTime: '1970-01-01T00:00:01Z',
      },
    });
    const filter = toProto3Json('ListenResponse', {
      filter: {
        targetId: 2,
        count: 3,
        unchangedNames: { bits: { bitmap: Buffer.from([255]), padding: 1 }, hashCount: 2 },
      },
    });
    expect(filter).toEqual({
      filter: {
        targetId: 2,
        count: 3,
        unchangedNames: { bits: { bitmap: '/w==', padding: 1 }, hashCount: 2 },
      },
    });
  });

  it('handles writes, transforms and responses', () => {
    const req = {
      streamToken: 'AQ==',
      writes: [
        {
          update: {
            name: 'projects/p/databases/d/documents/a/b',
            fields: { x: { integerValue: '1' } },
          },
          updateMask: { fieldPaths: ['x', '`a.b`'] },
          updateTransforms: [
            { fieldPath: 't', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'n', increment: { integerValue: '2' } },
            { fieldPath: 'arr', appendMissingElements: { values: [{ stringValue: 's' }] } },
          ],
          currentDocument: { exists: true },
        },
        {
          delete: 'projects/p/databases/d/documents/a/c',
          currentDocument: { updateTime: '2026-01-01T00:00:00Z' },
        },
        { verify: 'projects/p/databases/d/documents/a/d' },
      ],
    };
    const obj = parse('WriteRequest', req);
    expect(obj.writes[0]!.operation).toBe('update');
    expect(obj.writes[1]!.currentDocument.updateTime).toEqual({ seconds: '1767225600', nanos: 0 });
    expect(obj.writes[0]!.updateTransforms[0]!.transformType).toBe('setToServerValue');
    expect(toProto3Json('WriteRequest', obj)).toEqual(req);
    const resp = toProto3Json('WriteResponse', {
      streamId: 's',
      streamToken: Buffer.from('x'),
      commitTime: { seconds: '1', nanos: 0 },
      writeResults: [
        {
          updateTime: { seconds: '1', nanos: 0 },
          transformResults: [{ integerValue: '3', valueType: 'integerValue' }],
        },
        {},
      ],
    });
    expect(resp).toEqual({
      streamId: 's',
      streamToken: 'eA==',
      commitTime: '1970-01-01T00:00:01Z',
      writeResults: [
        { updateTime: '1970-01-01T00:00:01Z', transformResults: [{ integerValue: '3' }] },
        {},
      ],
    });
  });

  it('handles REST request shapes', () => {
    const agg = parse('RunAggregationQueryRequest', {
      structuredAggregationQuery: {
        aggregations: [
          { alias: 'aggregate_0', count: {} },
          { alias: 's', sum: { field: { fieldPath: 'x' } } },
        ],
        structuredQuery: { from: [{ collectionId: 'c', allDescendants: true }] },
      },
    });
    expect(agg.structuredAggregationQuery.aggregations[0]).toEqual({
      alias: 'aggregate_0',
      count: {},
      operator: 'count',
    });
    const bt = parse('BeginTransactionRequest', {
      options: { readOnly: { readTime: '2026-01-01T00:00:00Z' } },
    });
    expect(bt.options.readOnly.readTime.seconds).toBe('1767225600');
    expect(toProto3Json('BeginTransactionResponse', { transaction: Buffer.from('tx') })).toEqual({
      transaction: 'dHg=',
    });
    const bg = toProto3Json('BatchGetDocumentsResponse', {
      missing: 'projects/p/databases/d/documents/a/b',
      readTime: { seconds: '5', nanos: 0 },
      result: 'missing',
    });
    expect(bg).toEqual({
      missing: 'projects/p/databases/d/documents/a/b',
      readTime: '1970-01-01T00:00:05Z',
    });
    const agr = toProto3Json('RunAggregationQueryResponse', {
      result: { aggregateFields: { aggregate_0: { integerValue: '3' } } },
      readTime: { seconds: '5', nanos: 0 },
    });
    expect(agr).toEqual({
      result: { aggregateFields: { aggregate_0: { integerValue: '3' } } },
      readTime: '1970-01-01T00:00:05Z',
    });
    // snake_case input is accepted too
    expect(
      parse('BatchGetDocumentsRequest', {
        documents: ['a'],
        new_transaction: { readWrite: {} },
      }).newTransaction,
    ).toEqual({ readWrite: {}, mode: 'readWrite' });
  });

  it('rejects malformed input', () => {
    expect(() => parse('Document', { fields: { x: { integerValue: 'abc' } } })).toThrow(/integer/);
    expect(() =>
      parse('Document', { fields: { x: { stringValue: 'a', integerValue: '1' } } }),
    ).toThrow(/Only one/);
    expect(() => parse('ListenRequest', { addTarget: { targetId: 'x' } })).toThrow();
    expect(() => parse('ListenRequest', [])).toThrow();
    expect(() => parse('StructuredQuery', { where: { fieldFilter: { op: 'NOPE' } } })).toThrow(
      /enum/,
    );
    expect(() => parse('Document', { updateTime: 'now' })).toThrow(/timestamp/);
  });
});

describe('framing', () => {
  it('escapes non-ASCII and counts the newline', () => {
    expect(asciiJson({ s: 'ñ😀' })).toBe('{"s":"\\u00f1\\ud83d\\ude00"}');
    expect(frameChunk('[1]')).toBe('4\n[1]\n');
    const f = frame([[1, [{ s: 'ñ😀' }]]]);
    expect([...f].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
    expect(parseChunks(f + frame([2]))).toEqual([[[1, [{ s: 'ñ😀' }]]], [2]]);
    const [len, rest] = [Number(f.slice(0, f.indexOf('\n'))), f.slice(f.indexOf('\n') + 1)];
    expect(rest.length).toBe(len);
    expect(rest.endsWith('\n')).toBe(true);
  });

  it('parses forward bodies and the headers block', () => {
    const headers = encodeURIComponent(
      'X-Goog-Api-Client:gl-js/ fire/12.0.0\r\nContent-Type:text/plain\r\nAuthorization:Bearer owner\r\n',
    );
    const body = `headers=${headers}&count=2&ofs=3&req0___data__=${encodeURIComponent('{"a":1}')}&req1___data__=${encodeURIComponent('{"b":"ñ"}')}`;
    const p = parseForwardBody(body);
    expect(p.count).toBe(2);
    expect(p.ofs).toBe(3);
    expect([...p.maps.entries()]).toEqual([
      [3, '{"a":1}'],
      [4, '{"b":"ñ"}'],
    ]);
    expect(p.headers.authorization).toBe('Bearer owner');
    expect(p.headers['x-goog-api-client']).toBe('gl-js/ fire/12.0.0');
  });
});
