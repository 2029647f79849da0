/**
 * Firestore values in the proto-loader shape: normalisation, Firestore's cross-type ordering,
 * equality, and the document-size rules.
 */
import { Code, FirestoreError } from '../backend.ts';
import type { Timestamp, Value } from '../proto-types.ts';

export type { Value };
export type Fields = Record<string, Value>;

const KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;
export type Kind = (typeof KINDS)[number];

const KIND_NAMES: ReadonlySet<string> = new Set(KINDS);

export function kindOf(v: Value): Kind {
  const vt = v.valueType as string | undefined;
  if (vt !== undefined && KIND_NAMES.has(vt)) return vt as Kind;
  // A value has one kind set: its own keys are read, not every kind (hot in sorts and filters).
  let nullKey = false;
  for (const key in v) {
    if (!KIND_NAMES.has(key)) continue;
    const member = (v as Record<string, unknown>)[key];
    if (member !== undefined && member !== null) return key as Kind;
    if (key === 'nullValue') nullKey = true;
  }
  if (nullKey) return 'nullValue';
  throw new FirestoreError(Code.INVALID_ARGUMENT, 'Value has no type set');
}

/** Type order: null < bool < number < timestamp < string < bytes < reference < geopoint < array < map. */
export function typeOrder(k: Kind): number {
  switch (k) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
      return 2;
    case 'timestampValue':
      return 3;
    case 'stringValue':
      return 4;
    case 'bytesValue':
      return 5;
    case 'referenceValue':
      return 6;
    case 'geoPointValue':
      return 7;
    case 'arrayValue':
      return 8;
    case 'mapValue':
      return 9;
  }
}

const MIN_TIMESTAMP_SECONDS = -62_135_596_800; // 0001-01-01T00:00:00Z
const MAX_TIMESTAMP_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z

export function normTimestamp(t: Timestamp | undefined | null): { seconds: string; nanos: number } {
  if (!t) return { seconds: '0', nanos: 0 };
  const seconds = t.seconds === undefined || t.seconds === null ? '0' : String(t.seconds);
  const nanos = Number(t.nanos ?? 0);
  if (!/^-?\d+$/.test(seconds) || !Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999) {
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'Invalid timestamp');
  }
  const secondsNumber = Number(seconds);
  if (secondsNumber < MIN_TIMESTAMP_SECONDS || secondsNumber > MAX_TIMESTAMP_SECONDS)
    throw new FirestoreError(
      Code.INVALID_ARGUMENT,
      'Timestamp out of range (0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z)',
    );
  // Firestore keeps microseconds: the nanoseconds below are dropped.
  return { seconds, nanos: nanos - (nanos % 1000) };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function toBuffer(b: unknown): Buffer {
  if (Buffer.isBuffer(b)) return b;
  if (b instanceof Uint8Array) return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (typeof b === 'string') return Buffer.from(b, 'base64');
  if (Array.isArray(b)) return Buffer.from(b as number[]);
  return Buffer.alloc(0);
}

/** `v` has exactly one own enumerable key, `key`. */
function soleKey(v: object, key: string): boolean {
  let count = 0;
  for (const k in v) {
    if (k !== key || ++count > 1) return false;
  }
  return count === 1;
}

/** An int64 in canonical decimal (no sign on zero, no leading zeros) far inside the range. */
const CANONICAL_INT64 = /^(?:0|-?[1-9]\d{0,17})$/;

/** A timestamp already as `normTimestamp` leaves it (`{seconds, nanos}`, microseconds, in range). */
function isCanonicalTimestamp(t: Timestamp | undefined | null): boolean {
  if (!t || typeof t.seconds !== 'string' || typeof t.nanos !== 'number') return false;
  let keys = 0;
  for (const _ in t) keys++;
  const { nanos } = t;
  if (keys !== 2 || !(nanos >= 0 && nanos <= 999_999_000 && nanos % 1000 === 0)) return false;
  const seconds = Number(t.seconds);
  return (
    seconds >= MIN_TIMESTAMP_SECONDS &&
    seconds <= MAX_TIMESTAMP_SECONDS &&
    CANONICAL_INT64.test(t.seconds)
  );
}

/**
 * The value in canonical form: exactly one member set, no virtual oneof field, empty maps and
 * arrays with their `fields` / `values`. A value already canonical (as the gRPC codec decodes
 * them) is returned as it is, not copied; otherwise a copy, sharing the canonical parts.
 */
export function normalizeValue(v: Value, depth = 0): Value {
  if (v === null || typeof v !== 'object')
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'Invalid value');
  if (depth > 20)
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'Value nested too deeply (max depth 20)');
  const k = kindOf(v);
  const sole = soleKey(v, k);
  switch (k) {
    case 'nullValue':
      return sole && v.nullValue === 'NULL_VALUE' ? v : { nullValue: 'NULL_VALUE' };
    case 'booleanValue':
      return sole && typeof v.booleanValue === 'boolean'
        ? v
        : { booleanValue: Boolean(v.booleanValue) };
    case 'integerValue': {
      let s = v.integerValue;
      if (sole && typeof s === 'string' && CANONICAL_INT64.test(s)) return v;
      s = String(s);
      if (!/^-?\d+$/.test(s))
        throw new FirestoreError(Code.INVALID_ARGUMENT, `Invalid integer value ${s}`);
      const b = BigInt(s);
      if (b < INT64_MIN || b > INT64_MAX)
        throw new FirestoreError(Code.INVALID_ARGUMENT, 'Integer out of range');
      return { integerValue: b.toString() };
    }
    case 'doubleValue': {
      // proto3 JSON's names of the special doubles, from callers that did not convert them.
      const d: unknown = v.doubleValue;
      if (sole && typeof d === 'number') return v;
      const n =
        typeof d === 'number'
          ? d
          : d === 'NaN'
            ? NaN
            : d === 'Infinity'
              ? Infinity
              : d === '-Infinity'
                ? -Infinity
                : Number(d);
      return { doubleValue: n };
    }
    case 'timestampValue':
      return sole && isCanonicalTimestamp(v.timestampValue)
        ? v
        : { timestampValue: normTimestamp(v.timestampValue) };
    case 'stringValue':
      return sole && typeof v.stringValue === 'string' ? v : { stringValue: String(v.stringValue) };
    case 'bytesValue':
      return sole && Buffer.isBuffer(v.bytesValue) ? v : { bytesValue: toBuffer(v.bytesValue) };
    case 'referenceValue':
      return sole && typeof v.referenceValue === 'string'
        ? v
        : { referenceValue: String(v.referenceValue) };
    case 'geoPointValue': {
      const g = v.geoPointValue ?? {};
      const { latitude, longitude } = g;
      let keys = 0;
      for (const _ in g) keys++;
      if (sole && keys === 2 && typeof latitude === 'number' && typeof longitude === 'number')
        return v;
      return {
        geoPointValue: { latitude: Number(latitude ?? 0), longitude: Number(longitude ?? 0) },
      };
    }
    case 'arrayValue': {
      const array = v.arrayValue;
      const values = array?.values ?? [];
      let out: Value[] | undefined;
      for (let i = 0; i < values.length; i++) {
        const element = normalizeValue(values[i]!, depth + 1);
        if (element !== values[i]) (out ??= values.slice())[i] = element;
      }
      if (!out && sole && array && Array.isArray(array.values) && soleKey(array, 'values'))
        return v;
      return { arrayValue: { values: out ?? values.slice() } };
    }
    case 'mapValue': {
      const map = v.mapValue;
      const given = map?.fields;
      const fields = normalizeFields(given ?? {}, depth + 1);
      if (sole && fields === given && soleKey(map!, 'fields')) return v;
      return { mapValue: { fields } };
    }
  }
}

/**
 * The fields in canonical form (each value as `normalizeValue` leaves it, no undefined entry):
 * `f` itself when it already is, else a copy.
 */
export function normalizeFields(f: Fields | undefined | null, depth = 0): Fields {
  if (!f) return {};
  if (depth > 20)
    throw new FirestoreError(Code.INVALID_ARGUMENT, 'Document nested too deeply (max depth 20)');
  let out: Fields | undefined;
  const keys = Object.keys(f);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const val = f[key];
    const normal = val === undefined ? undefined : normalizeValue(val, depth);
    if (normal === val) {
      if (out) out[key] = val!;
      continue;
    }
    if (!out) {
      out = {};
      for (let j = 0; j < i; j++) out[keys[j]!] = f[keys[j]!]!;
    }
    if (normal !== undefined) out[key] = normal;
  }
  return out ?? f;
}

// ---- comparison ----

/** Compares strings by Unicode code point (= UTF-8 byte order), as Firestore does. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) {
      const sa = ca >= 0xd800 && ca <= 0xdfff;
      const sb = cb >= 0xd800 && cb <= 0xdfff;
      if (sa !== sb) return sa ? 1 : -1; // surrogates encode code points above U+FFFF
      return ca < cb ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function cmpNum(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function numberOf(v: Value): number {
  return v.integerValue !== undefined ? Number(v.integerValue) : (v.doubleValue as number);
}

/** Decimal int64 strings short enough to be exact as doubles (|n| < 10^15). */
const SAFE_DECIMAL = 15;

function compareNumbers(a: Value, b: Value): number {
  const ai = a.integerValue !== undefined;
  const bi = b.integerValue !== undefined;
  if (ai && bi) {
    const as = String(a.integerValue);
    const bs = String(b.integerValue);
    if (as.length <= SAFE_DECIMAL && bs.length <= SAFE_DECIMAL)
      return cmpNum(Number(as), Number(bs));
    const x = BigInt(as);
    const y = BigInt(bs);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = numberOf(a);
  const y = numberOf(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  if (x !== y) return cmpNum(x, y);
  // Equal as doubles: refine an integer beyond 2^53 against an integral double.
  if (ai !== bi && Number.isFinite(x)) {
    const iv = BigInt((ai ? a.integerValue : b.integerValue)!);
    const dv = BigInt(ai ? y : x);
    const c = iv < dv ? -1 : iv > dv ? 1 : 0;
    return ai ? c : -c;
  }
  return 0;
}

function compareTimestamps(a: Timestamp, b: Timestamp): number {
  const sa = BigInt(a.seconds ?? 0);
  const sb = BigInt(b.seconds ?? 0);
  if (sa !== sb) return sa < sb ? -1 : 1;
  return cmpNum(a.nanos ?? 0, b.nanos ?? 0);
}

export function compareReferences(a: string, b: string): number {
  if (a === b) return 0;
  const pa = a.split('/');
  const pb = b.split('/');
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(pa[i]!, pb[i]!);
    if (c !== 0) return c;
  }
  return cmpNum(pa.length, pb.length);
}

export function compareValues(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  const ta = typeOrder(ka);
  const tb = typeOrder(kb);
  if (ta !== tb) return cmpNum(ta, tb);
  switch (ka) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return cmpNum(a.booleanValue ? 1 : 0, b.booleanValue ? 1 : 0);
    case 'integerValue':
    case 'doubleValue':
      return compareNumbers(a, b);
    case 'timestampValue':
      return compareTimestamps(a.timestampValue!, b.timestampValue!);
    case 'stringValue':
      return compareStrings(a.stringValue!, b.stringValue!);
    case 'bytesValue':
      return Buffer.compare(toBuffer(a.bytesValue), toBuffer(b.bytesValue));
    case 'referenceValue':
      return compareReferences(a.referenceValue!, b.referenceValue!);
    case 'geoPointValue': {
      const [x, y] = [a.geoPointValue!, b.geoPointValue!];
      const c = cmpNum(x.latitude ?? 0, y.latitude ?? 0);
      return c !== 0 ? c : cmpNum(x.longitude ?? 0, y.longitude ?? 0);
    }
    case 'arrayValue': {
      const x = a.arrayValue?.values ?? [];
      const y = b.arrayValue?.values ?? [];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareValues(x[i]!, y[i]!);
        if (c !== 0) return c;
      }
      return cmpNum(x.length, y.length);
    }
    case 'mapValue': {
      const x = a.mapValue?.fields ?? {};
      const y = b.mapValue?.fields ?? {};
      const kx = Object.keys(x).sort(compareStrings);
      const ky = Object.keys(y).sort(compareStrings);
      const n = Math.min(kx.length, ky.length);
      for (let i = 0; i < n; i++) {
        const c = compareStrings(kx[i]!, ky[i]!);
        if (c !== 0) return c;
        const d = compareValues(x[kx[i]!]!, y[ky[i]!]!);
        if (d !== 0) return d;
      }
      return cmpNum(kx.length, ky.length);
    }
  }
}

/**
 * A value prepared for many comparisons (sorting a query's matches): its type order, and for
 * the common kinds a primitive that compares the way Firestore orders them.
 */
export interface SortKey {
  readonly typeOrder: number;
  /** A double other than NaN, or an integer exact as a double. */
  readonly number: number | undefined;
  readonly text: string | undefined;
  readonly value: Value;
}

export function sortKeyOf(value: Value): SortKey {
  const kind = kindOf(value);
  let number: number | undefined;
  let text: string | undefined;
  if (kind === 'doubleValue') {
    const double = Number(value.doubleValue);
    if (!Number.isNaN(double)) number = double;
  } else if (kind === 'integerValue') {
    const decimal = String(value.integerValue);
    if (decimal.length <= SAFE_DECIMAL) number = Number(decimal);
  } else if (kind === 'stringValue') text = String(value.stringValue);
  return { typeOrder: typeOrder(kind), number, text, value };
}

/** The same order as compareValues on the keys' values. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.typeOrder !== b.typeOrder) return cmpNum(a.typeOrder, b.typeOrder);
  if (a.number !== undefined && b.number !== undefined) return cmpNum(a.number, b.number);
  if (a.text !== undefined && b.text !== undefined) return compareStrings(a.text, b.text);
  return compareValues(a.value, b.value);
}

/** Firestore equality: numbers compare numerically (1 == 1.0), NaN equals NaN. */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/** Strict identity (type-exact), used to decide whether a write changed a document. */
export function fieldsIdentical(a: Fields, b: Fields): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    const y = b[k];
    if (!y || !valueIdentical(a[k]!, y)) return false;
  }
  return true;
}

function valueIdentical(a: Value, b: Value): boolean {
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  if (ka === 'doubleValue') return Object.is(a.doubleValue, b.doubleValue);
  if (ka === 'arrayValue') {
    const x = a.arrayValue?.values ?? [];
    const y = b.arrayValue?.values ?? [];
    return x.length === y.length && x.every((v, i) => valueIdentical(v, y[i]!));
  }
  if (ka === 'mapValue') return fieldsIdentical(a.mapValue?.fields ?? {}, b.mapValue?.fields ?? {});
  return compareValues(a, b) === 0;
}

// ---- size (https://firebase.google.com/docs/firestore/storage-size) ----

/** UTF-8 bytes + 1; short ASCII strings are counted here, not by a call into C++. */
export function strSize(s: string): number {
  const n = s.length;
  if (n > 32) return Buffer.byteLength(s, 'utf8') + 1;
  for (let i = 0; i < n; i++) if (s.charCodeAt(i) > 0x7f) return Buffer.byteLength(s, 'utf8') + 1;
  return n + 1;
}

export function valueSize(v: Value): number {
  switch (kindOf(v)) {
    case 'nullValue':
    case 'booleanValue':
      return 1;
    case 'integerValue':
    case 'doubleValue':
    case 'timestampValue':
      return 8;
    case 'stringValue':
      return strSize(v.stringValue!);
    case 'bytesValue':
      return toBuffer(v.bytesValue).length;
    case 'referenceValue':
      return nameSize(v.referenceValue!);
    case 'geoPointValue':
      return 16;
    case 'arrayValue': {
      const values = v.arrayValue?.values ?? [];
      let s = 0;
      for (let i = 0; i < values.length; i++) s += valueSize(values[i]!);
      return s;
    }
    case 'mapValue':
      return fieldsSize(v.mapValue?.fields ?? {});
  }
}

export function fieldsSize(f: Fields): number {
  let s = 0;
  const keys = Object.keys(f);
  for (let i = 0; i < keys.length; i++) s += strSize(keys[i]!) + valueSize(f[keys[i]!]!);
  return s;
}

/** Size of a document name: each segment of the path after `documents/` plus 16. */
export function nameSize(name: string): number {
  const i = name.indexOf('/documents/');
  const rel = i >= 0 ? name.slice(i + 11) : name;
  // 16 + each segment's bytes + 1: the slashes between segments count for those ones.
  return 16 + strSize(rel);
}

export const MAX_DOC_SIZE = 1_048_576;

/** A document's size: its name's, its fields' (`fieldsSize`, or as already counted), 32. */
export function documentSize(name: string, fields: Fields | number): number {
  return nameSize(name) + (typeof fields === 'number' ? fields : fieldsSize(fields)) + 32;
}

export function isNaNValue(v: Value | undefined): boolean {
  return !!v && v.doubleValue !== undefined && Number.isNaN(v.doubleValue);
}

export function isNumber(v: Value | undefined): boolean {
  return !!v && (v.integerValue !== undefined || v.doubleValue !== undefined);
}

export function intClamp(b: bigint): string {
  return (b < INT64_MIN ? INT64_MIN : b > INT64_MAX ? INT64_MAX : b).toString();
}
