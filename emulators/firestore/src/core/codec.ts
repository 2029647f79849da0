/** A JSON-safe encoding of Firestore values that round-trips every value type exactly. */
import type { Fields, Value } from './values.ts';
import { kindOf } from './values.ts';

export type JsonValue =
  | { n: null }
  | { b: boolean }
  | { i: string }
  | { d: number | string }
  | { t: [string, number] }
  | { s: string }
  | { y: string }
  | { r: string }
  | { g: [number | string, number | string] }
  | { a: JsonValue[] }
  | { m: Record<string, JsonValue> };

function encDouble(n: number): number | string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (Object.is(n, -0)) return '-0';
  return n;
}

function decDouble(x: number | string): number {
  if (typeof x === 'number') return x;
  if (x === '-0') return -0;
  return Number(x);
}

export function encodeValue(v: Value): JsonValue {
  switch (kindOf(v)) {
    case 'nullValue':
      return { n: null };
    case 'booleanValue':
      return { b: !!v.booleanValue };
    case 'integerValue':
      return { i: String(v.integerValue) };
    case 'doubleValue':
      return { d: encDouble(v.doubleValue!) };
    case 'timestampValue':
      return {
        t: [String(v.timestampValue!.seconds ?? '0'), Number(v.timestampValue!.nanos ?? 0)],
      };
    case 'stringValue':
      return { s: v.stringValue! };
    case 'bytesValue':
      return { y: Buffer.from(v.bytesValue!).toString('base64') };
    case 'referenceValue':
      return { r: v.referenceValue! };
    case 'geoPointValue':
      return {
        g: [encDouble(v.geoPointValue!.latitude ?? 0), encDouble(v.geoPointValue!.longitude ?? 0)],
      };
    case 'arrayValue':
      return { a: (v.arrayValue?.values ?? []).map(encodeValue) };
    case 'mapValue':
      return { m: encodeFields(v.mapValue?.fields ?? {}) };
  }
}

export function encodeFields(f: Fields): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const k of Object.keys(f)) out[k] = encodeValue(f[k]!);
  return out;
}

export function decodeValue(j: JsonValue): Value {
  if ('n' in j) return { nullValue: 'NULL_VALUE' };
  if ('b' in j) return { booleanValue: j.b };
  if ('i' in j) return { integerValue: j.i };
  if ('d' in j) return { doubleValue: decDouble(j.d) };
  if ('t' in j) return { timestampValue: { seconds: j.t[0], nanos: j.t[1] } };
  if ('s' in j) return { stringValue: j.s };
  if ('y' in j) return { bytesValue: Buffer.from(j.y, 'base64') };
  if ('r' in j) return { referenceValue: j.r };
  if ('g' in j)
    return { geoPointValue: { latitude: decDouble(j.g[0]), longitude: decDouble(j.g[1]) } };
  if ('a' in j) return { arrayValue: { values: j.a.map(decodeValue) } };
  if ('m' in j) return { mapValue: { fields: decodeFields(j.m) } };
  throw new Error('Unknown encoded value');
}

export function decodeFields(f: Record<string, JsonValue>): Fields {
  const out: Fields = {};
  for (const k of Object.keys(f)) out[k] = decodeValue(f[k]!);
  return out;
}
