/**
 * proto3 JSON (what the web SDK sends and expects) <-> the @grpc/proto-loader object shape the
 * core uses (see ../backend.ts), driven by protobufjs reflection of google.firestore.v1.
 *
 * proto-loader shape: camelCase names, int64 as decimal strings, enums as names, bytes as Buffer,
 * Timestamp {seconds: string, nanos}, wrappers {value}, Struct/Value as plain messages, and a
 * virtual field per oneof naming the member that is set.
 */
import protobuf from 'protobufjs';
import { Code, FirestoreError } from '../backend.ts';
import type { ListValue, Messages, Protobuf_Value, Struct } from '../proto-types.ts';
import { firestoreRoot } from '../proto-root.ts';

function root(): protobuf.Root {
  return firestoreRoot();
}

const typeCache = new Map<string, protobuf.Type>();
/** A message type by short name (`ListenRequest`) or full name (`google.firestore.v1.ListenRequest`). */
export function messageType(name: string): protobuf.Type {
  let t = typeCache.get(name);
  if (!t) {
    const full = name.includes('.') ? name : `google.firestore.v1.${name}`;
    t = root().lookupType(full);
    typeCache.set(name, t);
  }
  return t;
}

/** Thrown for JSON that does not fit the message type; transports map it to INVALID_ARGUMENT. */
/** JSON that does not fit the proto: always INVALID_ARGUMENT. */
export class ProtoJsonError extends FirestoreError {
  constructor(message: string) {
    super(Code.INVALID_ARGUMENT, message);
    this.name = 'ProtoJsonError';
  }
}

const INT64 = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const INT32 = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
const WRAPPERS: Record<string, string> = {
  'google.protobuf.DoubleValue': 'double',
  'google.protobuf.FloatValue': 'float',
  'google.protobuf.Int64Value': 'int64',
  'google.protobuf.UInt64Value': 'uint64',
  'google.protobuf.Int32Value': 'int32',
  'google.protobuf.UInt32Value': 'uint32',
  'google.protobuf.BoolValue': 'bool',
  'google.protobuf.StringValue': 'string',
  'google.protobuf.BytesValue': 'bytes',
};

function fullName(t: protobuf.ReflectionObject): string {
  return t.fullName.replace(/^\./, '');
}

// ---------------------------------------------------------------------------------------------
// Timestamps

const TS_RE =
  /^(-?\d{4,})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d\d):(\d\d))$/;

/** RFC 3339 -> {seconds, nanos}. */
export function parseTimestamp(s: string): { seconds: string; nanos: number } {
  const m = TS_RE.exec(s);
  if (!m) throw new ProtoJsonError(`Invalid timestamp: ${JSON.stringify(s)}`);
  const [, y, mo, d, h, mi, se, frac, , sign, oh, om] = m;
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
  date.setUTCHours(Number(h), Number(mi), Number(se), 0);
  let ms = date.getTime();
  if (Number.isNaN(ms)) throw new ProtoJsonError(`Invalid timestamp: ${JSON.stringify(s)}`);
  if (sign) ms -= (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60000;
  const nanos = frac ? Number(frac.padEnd(9, '0')) : 0;
  return { seconds: String(Math.floor(ms / 1000)), nanos };
}

/** {seconds, nanos} -> RFC 3339 UTC with 0, 3, 6 or 9 fractional digits. */
export function formatTimestamp(ts: { seconds?: unknown; nanos?: unknown }): string {
  const seconds = Number(ts.seconds ?? 0);
  const nanos = Number(ts.nanos ?? 0);
  const iso = new Date(seconds * 1000).toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z
  const base = iso.slice(0, iso.indexOf('.'));
  if (!nanos) return `${base}Z`;
  let frac = String(nanos).padStart(9, '0');
  if (frac.endsWith('000000')) frac = frac.slice(0, 3);
  else if (frac.endsWith('000')) frac = frac.slice(0, 6);
  return `${base}.${frac}Z`;
}

function parseDuration(s: string): { seconds: string; nanos: number } {
  const m = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(s);
  if (!m) throw new ProtoJsonError(`Invalid duration: ${JSON.stringify(s)}`);
  const neg = m[1] === '-';
  const nanos = m[3] ? Number(m[3].padEnd(9, '0')) : 0;
  return { seconds: (neg && m[2] !== '0' ? '-' : '') + m[2], nanos: neg ? -nanos : nanos };
}

function formatDuration(d: { seconds?: unknown; nanos?: unknown }): string {
  const s = BigInt(String(d.seconds ?? 0));
  const n = Number(d.nanos ?? 0);
  const neg = s < 0n || n < 0;
  const abs = (s < 0n ? -s : s).toString();
  const frac = n ? `.${String(Math.abs(n)).padStart(9, '0').replace(/0+$/, '')}` : '';
  return `${neg ? '-' : ''}${abs}${frac}s`;
}

// ---------------------------------------------------------------------------------------------
// Scalars

function scalarFromJson(type: string, v: unknown, path: string): unknown {
  if (INT64.has(type)) {
    if (typeof v === 'number' && Number.isFinite(v)) return String(Math.trunc(v));
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim()).toString();
    if (typeof v === 'bigint') return v.toString();
    throw new ProtoJsonError(`Invalid value for ${path}: expected an integer`);
  }
  if (INT32.has(type)) {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n === 'number' && Number.isInteger(n)) return n;
    throw new ProtoJsonError(`Invalid value for ${path}: expected an integer`);
  }
  switch (type) {
    case 'double':
    case 'float':
      if (typeof v === 'number') return v;
      if (v === 'NaN') return NaN;
      if (v === 'Infinity') return Infinity;
      if (v === '-Infinity') return -Infinity;
      if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
      throw new ProtoJsonError(`Invalid value for ${path}: expected a number`);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new ProtoJsonError(`Invalid value for ${path}: expected a boolean`);
    case 'string':
      if (typeof v === 'string') return v;
      throw new ProtoJsonError(`Invalid value for ${path}: expected a string`);
    case 'bytes':
      if (typeof v === 'string') {
        if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(v))
          throw new ProtoJsonError(`Invalid value for ${path}: expected base64`);
        return Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      }
      throw new ProtoJsonError(`Invalid value for ${path}: expected base64`);
    default:
      throw new ProtoJsonError(`Unsupported scalar type ${type} at ${path}`);
  }
}

function scalarToJson(type: string, v: unknown): unknown {
  if (INT64.has(type)) return typeof v === 'object' && v !== null ? String(v) : String(v);
  if (INT32.has(type)) return Number(v);
  switch (type) {
    case 'double':
    case 'float': {
      const n = Number(v);
      if (Number.isNaN(n)) return 'NaN';
      if (n === Infinity) return 'Infinity';
      if (n === -Infinity) return '-Infinity';
      return n;
    }
    case 'bool':
      return Boolean(v);
    case 'string':
      return String(v);
    case 'bytes':
      if (typeof v === 'string') return v; // assume already base64
      if (v instanceof Uint8Array)
        return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
      if (Array.isArray(v)) return Buffer.from(v as number[]).toString('base64');
      return '';
    default:
      return v;
  }
}

// ---------------------------------------------------------------------------------------------
// proto3 JSON -> proto-loader object

function wellKnownFromJson(
  name: string,
  v: unknown,
  path: string,
): { ok: true; value: unknown } | { ok: false } {
  switch (name) {
    case 'google.protobuf.Timestamp':
      if (typeof v === 'string') return { ok: true, value: parseTimestamp(v) };
      if (v && typeof v === 'object') {
        const o = v as { seconds?: unknown; nanos?: unknown };
        return {
          ok: true,
          value: {
            seconds: scalarFromJson('int64', o.seconds ?? 0, path),
            nanos: Number(o.nanos ?? 0),
          },
        };
      }
      throw new ProtoJsonError(`Invalid timestamp at ${path}`);
    case 'google.protobuf.Duration':
      if (typeof v === 'string') return { ok: true, value: parseDuration(v) };
      throw new ProtoJsonError(`Invalid duration at ${path}`);
    case 'google.protobuf.FieldMask':
      if (typeof v === 'string')
        return { ok: true, value: { paths: v === '' ? [] : v.split(',') } };
      return { ok: false };
    case 'google.protobuf.Empty':
      return { ok: true, value: {} };
    case 'google.protobuf.Struct':
      return { ok: true, value: structFromJson(v, path) };
    case 'google.protobuf.Value':
      return { ok: true, value: valueFromJson(v, path) };
    case 'google.protobuf.ListValue':
      if (!Array.isArray(v)) throw new ProtoJsonError(`Invalid list at ${path}`);
      return { ok: true, value: { values: v.map((x, i) => valueFromJson(x, `${path}[${i}]`)) } };
  }
  const wrapped = WRAPPERS[name];
  if (wrapped) {
    if (strictParsing && v !== null && typeof v === 'object')
      throw new ProtoJsonError(`Invalid value at '${path}' (${name}): expected a ${wrapped}`);
    // The WebChannel's {value: x} object form.
    const raw =
      v && typeof v === 'object' && !Array.isArray(v) && 'value' in (v as object)
        ? (v as { value: unknown }).value
        : v;
    return { ok: true, value: { value: scalarFromJson(wrapped, raw, path) } };
  }
  return { ok: false };
}

function structFromJson(v: unknown, path: string): Struct {
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new ProtoJsonError(`Invalid struct at ${path}`);
  const fields: Record<string, Protobuf_Value> = {};
  for (const [k, x] of Object.entries(v)) fields[k] = valueFromJson(x, `${path}.${k}`);
  return { fields };
}

function valueFromJson(v: unknown, path: string): Protobuf_Value {
  if (v === null) return { nullValue: 'NULL_VALUE', kind: 'nullValue' };
  if (typeof v === 'number') return { numberValue: v, kind: 'numberValue' };
  if (typeof v === 'string') return { stringValue: v, kind: 'stringValue' };
  if (typeof v === 'boolean') return { boolValue: v, kind: 'boolValue' };
  if (Array.isArray(v))
    return {
      listValue: { values: v.map((x, i) => valueFromJson(x, `${path}[${i}]`)) },
      kind: 'listValue',
    };
  if (typeof v === 'object') return { structValue: structFromJson(v, path), kind: 'structValue' };
  throw new ProtoJsonError(`Invalid value at ${path}`);
}

function enumFromJson(e: protobuf.Enum, v: unknown, path: string): string {
  if (typeof v === 'string') {
    if (v in e.values) return v;
    throw new ProtoJsonError(`Invalid value for ${path}: unknown enum value ${JSON.stringify(v)}`);
  }
  if (typeof v === 'number') {
    const name = e.valuesById[v];
    if (name !== undefined) return name;
  }
  throw new ProtoJsonError(`Invalid value for ${path}: unknown enum value ${JSON.stringify(v)}`);
}

function fieldValueFromJson(field: protobuf.Field, v: unknown, path: string): unknown {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Enum) {
    if (v === null && fullName(rt) === 'google.protobuf.NullValue') return 'NULL_VALUE';
    return enumFromJson(rt, v, path);
  }
  if (rt instanceof protobuf.Type) {
    const wk = wellKnownFromJson(fullName(rt), v, path);
    if (wk.ok) return wk.value;
    return messageFromJson(rt, v, path);
  }
  return scalarFromJson(field.type, v, path);
}

function lookupField(type: protobuf.Type, key: string): protobuf.Field | undefined {
  const byName = type.fields[key];
  if (byName) return byName;
  // snake_case or a json_name
  for (const f of type.fieldsArray) {
    if (f.name === key || (f as { options?: Record<string, unknown> }).options?.json_name === key)
      return f;
    if (snakeToCamel(key) === f.name) return f;
  }
  return undefined;
}

function snakeToCamel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Strict parsing (REST, as Firestore's JSON API): an unknown field, or a wrapper given as
 * `{value: x}` instead of `x`, is INVALID_ARGUMENT. The WebChannel's JSON is read leniently: the
 * web SDK sends wrappers as objects there. Parsing is synchronous, so one flag serves.
 */
let strictParsing = false;

function unknownName(key: string, path: string): ProtoJsonError {
  return new ProtoJsonError(
    `Invalid JSON payload received. Unknown name "${key}"${path ? ` at '${path}'` : ''}: Cannot find field.`,
  );
}

/** A message built or read by reflection: its fields by name. */
type Reflected = Record<string, unknown>;

function messageFromJson(type: protobuf.Type, json: unknown, path: string): Reflected {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new ProtoJsonError(`Invalid value for ${path || type.name}: expected an object`);
  }
  const out: Reflected = {};
  for (const [key, v] of Object.entries(json as Record<string, unknown>)) {
    const field = lookupField(type, key);
    if (!field) {
      if (strictParsing) throw unknownName(key, path);
      continue; // the WebChannel: ignored, as proto3 JSON parsers may
    }
    const p = path ? `${path}.${field.name}` : field.name;
    if (
      v === null &&
      !(field.resolvedType && fullName(field.resolvedType) === 'google.protobuf.Value') &&
      !(field.resolvedType && fullName(field.resolvedType) === 'google.protobuf.NullValue')
    ) {
      continue; // null means "default" in proto3 JSON
    }
    if (field.map) {
      if (!v || typeof v !== 'object' || Array.isArray(v))
        throw new ProtoJsonError(`Invalid value for ${p}: expected an object`);
      const m: Reflected = {};
      for (const [k, x] of Object.entries(v)) m[k] = fieldValueFromJson(field, x, `${p}.${k}`);
      out[field.name] = m;
    } else if (field.repeated) {
      if (!Array.isArray(v)) throw new ProtoJsonError(`Invalid value for ${p}: expected an array`);
      out[field.name] = v.map((x, i) => fieldValueFromJson(field, x, `${p}[${i}]`));
    } else {
      out[field.name] = fieldValueFromJson(field, v, p);
    }
  }
  for (const oneof of type.oneofsArray) {
    const set = oneof.oneof.filter((n) => out[n] !== undefined);
    if (set.length > 1)
      throw new ProtoJsonError(`Only one of ${set.join(', ')} may be set in ${path || type.name}`);
    if (set[0] !== undefined) out[oneof.name] = set[0];
  }
  return out;
}

/**
 * Parses a proto3-JSON object into the proto-loader shape of `typeName` (e.g. `ListenRequest`).
 * `strict` (REST): unknown fields and object-form wrappers are refused.
 */
export function fromProto3Json<N extends keyof Messages>(
  typeName: N,
  json: unknown,
  strict = false,
): Messages[N] {
  strictParsing = strict;
  try {
    // The reflection of `typeName` built it: it has that message's shape.
    return messageFromJson(messageType(typeName), json, '') as Messages[N];
  } finally {
    strictParsing = false;
  }
}

// ---------------------------------------------------------------------------------------------
// proto-loader object -> proto3 JSON

function wellKnownToJson(name: string, v: unknown): { ok: true; value: unknown } | { ok: false } {
  switch (name) {
    case 'google.protobuf.Timestamp':
      if (typeof v === 'string') return { ok: true, value: v };
      if (v instanceof Date)
        return {
          ok: true,
          value: formatTimestamp({
            seconds: Math.floor(v.getTime() / 1000),
            nanos: (v.getTime() % 1000) * 1e6,
          }),
        };
      return { ok: true, value: formatTimestamp(v as object) };
    case 'google.protobuf.Duration':
      if (typeof v === 'string') return { ok: true, value: v };
      return { ok: true, value: formatDuration(v as object) };
    case 'google.protobuf.FieldMask':
      return { ok: true, value: ((v as { paths?: string[] }).paths ?? []).join(',') };
    case 'google.protobuf.Empty':
      return { ok: true, value: {} };
    case 'google.protobuf.Struct':
      return { ok: true, value: structToJson(v as Struct) };
    case 'google.protobuf.Value':
      return { ok: true, value: valueToJson(v as Protobuf_Value) };
    case 'google.protobuf.ListValue':
      return { ok: true, value: ((v as ListValue).values ?? []).map((x) => valueToJson(x)) };
  }
  const wrapped = WRAPPERS[name];
  if (wrapped) {
    const raw =
      v && typeof v === 'object' && !(v instanceof Uint8Array)
        ? (v as { value?: unknown }).value
        : v;
    return {
      ok: true,
      value: scalarToJson(
        wrapped,
        raw ??
          (wrapped === 'bytes' ? '' : wrapped === 'bool' ? false : wrapped === 'string' ? '' : 0),
      ),
    };
  }
  return { ok: false };
}

function structToJson(v: Struct | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v?.fields ?? {})) out[k] = valueToJson(x);
  return out;
}

function valueToJson(v: Protobuf_Value | undefined): unknown {
  if (!v) return null;
  if (v.nullValue !== undefined && v.nullValue !== null) return null;
  if (v.numberValue !== undefined && v.numberValue !== null) return v.numberValue;
  if (v.stringValue !== undefined && v.stringValue !== null) return v.stringValue;
  if (v.boolValue !== undefined && v.boolValue !== null) return v.boolValue;
  if (v.structValue) return structToJson(v.structValue);
  if (v.listValue) return (v.listValue.values ?? []).map((x) => valueToJson(x));
  return null;
}

function fieldValueToJson(field: protobuf.Field, v: unknown): unknown {
  const rt = field.resolvedType;
  // proto3 JSON spells google.protobuf.NullValue as a JSON null (as Firestore does).
  if (rt instanceof protobuf.Enum && fullName(rt) === 'google.protobuf.NullValue') return null;
  if (rt instanceof protobuf.Enum) {
    if (typeof v === 'number') return rt.valuesById[v] ?? v;
    return v;
  }
  if (rt instanceof protobuf.Type) {
    const wk = wellKnownToJson(fullName(rt), v);
    if (wk.ok) return wk.value;
    return messageToJson(rt, v as Reflected);
  }
  return scalarToJson(field.type, v);
}

function messageToJson(
  type: protobuf.Type,
  obj: Reflected | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!obj || typeof obj !== 'object') return out;
  for (const field of type.fieldsArray) {
    let v = obj[field.name];
    if (v === undefined) {
      // tolerate snake_case producers
      const snake = field.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      v = obj[snake];
    }
    if (v === undefined || v === null) continue;
    if (field.map) {
      const m: Record<string, unknown> = {};
      const entries = v instanceof Map ? [...v.entries()] : Object.entries(v as object);
      // proto3 JSON leaves out empty maps and lists, as Firestore does (`mapValue: {}`).
      if (entries.length === 0) continue;
      for (const [k, x] of entries) m[String(k)] = fieldValueToJson(field, x);
      // proto3 JSON leaves out empty maps, as Firestore does (`{"name": ...}` for a doc with no fields).
      if (entries.length) out[field.name] = m;
    } else if (field.repeated) {
      if (!Array.isArray(v) || v.length === 0) continue;
      out[field.name] = v.map((x) => fieldValueToJson(field, x));
    } else {
      out[field.name] = fieldValueToJson(field, v);
    }
  }
  return out;
}

/** Serializes a proto-loader object of `typeName` to a proto3-JSON object (oneof virtual fields dropped). */
export function toProto3Json<N extends keyof Messages>(
  typeName: N,
  obj: Messages[N] | null | undefined,
): Record<string, unknown> {
  return messageToJson(messageType(typeName), obj as Reflected | null | undefined);
}

// ---------------------------------------------------------------------------------------------
// ASCII-safe JSON

/** JSON.stringify with every non-ASCII UTF-16 code unit escaped as \uXXXX (so length == bytes). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
