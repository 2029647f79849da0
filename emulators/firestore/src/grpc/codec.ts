/**
 * Protobuf bytes <-> the message shape the core takes (PROTO_LOADER_OPTIONS in ../backend.ts), in
 * one pass each way, planned per message type from the protobufjs reflection.
 *
 * Why not protobufjs's own `decode` + `toObject` and `fromObject` + `encode`: each builds every
 * message twice, and its int64s go through long.js (a Long object per Timestamp, then a decimal
 * conversion by long division); without TurboFan (node-flags.json) that was over a third of a
 * batch commit's time. The output is the same object `toObject` gives (same keys, int64 as
 * decimal strings, enums as names, bytes as Buffers sharing the request's memory, a virtual
 * field naming each oneof member that is set, unknown fields skipped); encoding accepts what
 * `fromObject` accepts (test/grpc/codec.test.ts compares both ways with protobufjs).
 *
 * One exception, so that a written document can be stored as decoded (no copy, far less for the
 * garbage collector): Firestore values come in the core's stored shape (`normalizeValue` in
 * ../core/values.ts), see STORED_SHAPE.
 */
import protobuf from 'protobufjs';
import { Output } from './output.ts';

export interface MessageCodecOf {
  decode(bytes: Buffer): Record<string, unknown>;
  encode(message: object): Uint8Array;
}

/** Bytes being read, and where. */
class Input {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  uint32(): number {
    const buf = this.buf;
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = buf[this.pos++];
      if (b === undefined) throw new RangeError('index out of range');
      value |= (b & 127) << shift;
      if (b < 128) return value >>> 0;
    }
    // Bytes 6-10 of a 64-bit varint (a negative int32): their bits are above 32.
    for (let i = 0; i < 5; i++) {
      const b = buf[this.pos++];
      if (b === undefined) throw new RangeError('index out of range');
      if (b < 128) return value >>> 0;
    }
    throw new Error('invalid varint encoding');
  }

  /** The high 32 bits (unsigned) of the last 64-bit value read; its low bits are returned. */
  hi = 0;

  /** A 64-bit varint: returns its low 32 bits (unsigned), leaves the high ones in `hi`. */
  varint64(): number {
    const buf = this.buf;
    let lo = 0;
    this.hi = 0;
    for (let i = 0; i < 4; i++) {
      const b = this.byte(buf);
      lo |= (b & 127) << (i * 7);
      if (b < 128) return lo >>> 0;
    }
    let b = this.byte(buf);
    lo |= (b & 127) << 28;
    let hi = (b & 127) >> 4;
    if (b < 128) {
      this.hi = hi >>> 0;
      return lo >>> 0;
    }
    for (let i = 0; i < 5; i++) {
      b = this.byte(buf);
      hi |= (b & 127) << (i * 7 + 3);
      if (b < 128) {
        this.hi = hi >>> 0;
        return lo >>> 0;
      }
    }
    throw new Error('invalid varint encoding');
  }

  fixed32(): number {
    this.need(4);
    const value = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return value;
  }

  /** A fixed 64-bit value: returns its low 32 bits, leaves the high ones in `hi`. */
  fixed64(): number {
    const lo = this.fixed32();
    this.hi = this.fixed32();
    return lo;
  }

  double(): number {
    this.need(8);
    const value = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return value;
  }

  float(): number {
    this.need(4);
    const value = this.buf.readFloatLE(this.pos);
    this.pos += 4;
    return value;
  }

  /** The end of a length-delimited field that starts here. */
  delimited(): number {
    const length = this.uint32();
    this.need(length);
    return this.pos + length;
  }

  string(): string {
    const end = this.delimited();
    // Buffer's own utf8Slice, as protobufjs reads strings: toString() checks its arguments first.
    const value = (
      this.buf as Buffer & { utf8Slice(start: number, end: number): string }
    ).utf8Slice(this.pos, end);
    this.pos = end;
    return value;
  }

  bytes(): Buffer {
    const end = this.delimited();
    const value = this.buf.subarray(this.pos, end);
    this.pos = end;
    return value;
  }

  skip(wireType: number): void {
    switch (wireType) {
      case 0:
        this.uint32();
        return;
      case 1:
        this.need(8);
        this.pos += 8;
        return;
      case 2:
        this.pos = this.delimited();
        return;
      case 3:
        for (;;) {
          const tag = this.uint32();
          if ((tag & 7) === 4) return;
          this.skip(tag & 7);
        }
      case 5:
        this.need(4);
        this.pos += 4;
        return;
      default:
        throw new Error(`invalid wire type ${wireType} at offset ${this.pos}`);
    }
  }

  private byte(buf: Buffer): number {
    const b = buf[this.pos++];
    if (b === undefined) throw new RangeError('index out of range');
    return b;
  }

  private need(bytes: number): void {
    if (this.pos + bytes > this.buf.length) throw new RangeError('index out of range');
  }
}

const TWO_32 = 4294967296;

/** The decimal text of a 64-bit integer, as long.js's `toString` gives it. */
export function int64Text(lo: number, hi: number, unsigned: boolean): string {
  if (hi < 0x200000) return String(hi * TWO_32 + lo);
  if (!unsigned && hi >= 0xffe00000) return String((hi - TWO_32) * TWO_32 + lo);
  const bits = (BigInt(hi) << 32n) | BigInt(lo);
  return (unsigned ? bits : BigInt.asIntN(64, bits)).toString();
}

/** A zigzag-encoded sint64 just read (low bits given, high in `input.hi`), as decimal text. */
function zigzag64Text(lo: number, input: Input): string {
  const hi = input.hi;
  const mask = -(lo & 1);
  return int64Text((((lo >>> 1) | (hi << 31)) ^ mask) >>> 0, ((hi >>> 1) ^ mask) >>> 0, false);
}

type Read = (input: Input) => unknown;
type Put = (out: Output, value: unknown) => void;

/** Reads one value of a scalar type (not for messages and enums). */
const SCALAR_READERS: Record<string, Read> = {
  double: (i) => i.double(),
  float: (i) => i.float(),
  int32: (i) => i.uint32() | 0,
  uint32: (i) => i.uint32(),
  sint32: (i) => {
    const n = i.uint32();
    return ((n >>> 1) ^ -(n & 1)) | 0;
  },
  fixed32: (i) => i.fixed32(),
  sfixed32: (i) => i.fixed32() | 0,
  bool: (i) => i.uint32() !== 0,
  string: (i) => i.string(),
  bytes: (i) => i.bytes(),
  int64: (i) => int64Text(i.varint64(), i.hi, false),
  uint64: (i) => int64Text(i.varint64(), i.hi, true),
  sint64: (i) => zigzag64Text(i.varint64(), i),
  fixed64: (i) => int64Text(i.fixed64(), i.hi, true),
  sfixed64: (i) => int64Text(i.fixed64(), i.hi, false),
};

/** The wire type of one (unpacked) value of a scalar type. */
const WIRE_TYPES: Record<string, number> = {
  double: 1,
  float: 5,
  int32: 0,
  uint32: 0,
  sint32: 0,
  fixed32: 5,
  sfixed32: 5,
  bool: 0,
  string: 2,
  bytes: 2,
  int64: 0,
  uint64: 0,
  sint64: 0,
  fixed64: 1,
  sfixed64: 1,
};

interface FieldPlan {
  name: string;
  id: number;
  /** Reads one value (of a repeated field: one element; of a map: one entry's value). */
  read: Read;
  /** Writes one value with its tag, or none for a value `fromObject` would drop. */
  write: Put;
  /** Writes one value without a tag (the elements of a packed field). */
  put: Put;
  /** Numeric scalars and enums: a repeated one may come packed. */
  packable: boolean;
  repeated: boolean;
  packed: boolean;
  /** A map's key: read from entry field 1, written as it. */
  mapKey?: { read: Read; write: Put };
  oneof?: string;
  /** The names of every member of the field's oneof. */
  oneofMembers?: string[];
}

interface TypePlan {
  /** Field plans by field number (a sparse array: Firestore's field numbers are small). */
  byId: Array<FieldPlan | undefined>;
  /** In field-number order, as protobufjs encodes. */
  fields: FieldPlan[];
  /** Set the virtual field naming a oneof's member (false for STORED_SHAPE's values). */
  oneofNames: boolean;
  /** Fields that are always present after decoding, with what an absent one starts as. */
  present: Array<[name: string, empty: () => unknown]>;
}

/**
 * Where decoding departs from `toObject` (PROTO_LOADER_OPTIONS): a Value has no virtual
 * `valueType` field (the contract lets producers omit it), and an empty map or array value
 * still has its `fields` / `values`. That is the shape the core stores, so a value decoded from
 * a write is kept as it is.
 */
const STORED_SHAPE: Record<string, { oneofNames?: false; present?: TypePlan['present'] }> = {
  '.google.firestore.v1.Value': { oneofNames: false },
  '.google.firestore.v1.MapValue': { present: [['fields', () => ({})]] },
  '.google.firestore.v1.ArrayValue': { present: [['values', () => []]] },
};

const plans = new Map<protobuf.Type, TypePlan>();

function planOf(type: protobuf.Type): TypePlan {
  let plan = plans.get(type);
  if (!plan) {
    const shape = STORED_SHAPE[type.fullName] ?? {};
    plan = {
      byId: [],
      fields: [],
      oneofNames: shape.oneofNames ?? true,
      present: shape.present ?? [],
    };
    plans.set(type, plan); // before the fields: a type may contain itself (Value, MapValue)
    for (const field of [...type.fieldsArray].sort((a, b) => a.id - b.id)) {
      const fieldPlan = planField(field.resolve());
      plan.byId[field.id] = fieldPlan;
      plan.fields.push(fieldPlan);
    }
  }
  return plan;
}

function planField(field: protobuf.Field): FieldPlan {
  const value = valueCodec(field.type, field.resolvedType, field.id);
  const plan: FieldPlan = {
    name: field.name,
    id: field.id,
    read: value.read,
    write: value.write,
    put: value.put,
    packable: value.wireType === 0 || value.wireType === 1 || value.wireType === 5,
    repeated: field.repeated,
    packed: field.repeated && field.packed,
    oneof: field.partOf?.name,
    oneofMembers: field.partOf?.fieldsArray.map((member) => member.name),
  };
  if (field instanceof protobuf.MapField) {
    const key = valueCodec(field.keyType, null, 1);
    const entryValue = valueCodec(field.type, field.resolvedType, 2);
    plan.read = entryValue.read;
    plan.write = entryValue.write;
    plan.mapKey = key;
  }
  return plan;
}

interface ValueCodec {
  read: Read;
  write: Put;
  put: Put;
  wireType: number;
}

/** Reading and writing (with the tag of field `id`) one value of a field's type. */
function valueCodec(
  typeName: string,
  resolved: protobuf.Type | protobuf.Enum | null,
  id: number,
): ValueCodec {
  if (resolved instanceof protobuf.Type) {
    const tag = (id << 3) | 2;
    const putMessage: Put = (out, value) => {
      if (typeof value !== 'object') throw new TypeError(`.${typeName}: object expected`);
      const start = out.fork();
      encodeMessage(resolved, value as Record<string, unknown>, out);
      out.ldelim(start);
    };
    return {
      read: (input) => decodeMessage(resolved, input, input.delimited()),
      write: (out, value) => putMessage(out.uint32(tag), value),
      put: (out, value) => putMessage(out, value),
      wireType: 2,
    };
  }
  if (resolved instanceof protobuf.Enum) {
    const names = resolved.valuesById;
    const numbers = resolved.values;
    const tag = id << 3;
    return {
      read: (input) => {
        const n = input.uint32() | 0;
        return names[n] ?? n;
      },
      // An unknown name is dropped, as `fromObject` leaves such a field unset.
      write: (out, value) => {
        const n = typeof value === 'number' ? value : numbers[String(value)];
        if (n !== undefined) out.uint32(tag).int32(n);
      },
      put: (out, value) =>
        out.int32(typeof value === 'number' ? value : (numbers[String(value)] ?? 0)),
      wireType: 0,
    };
  }
  const read = SCALAR_READERS[typeName];
  const wireType = WIRE_TYPES[typeName];
  if (!read || wireType === undefined) throw new Error(`unknown field type ${typeName}`);
  const tag = (id << 3) | wireType;
  const put = SCALAR_WRITERS[typeName]!;
  return { read, write: (out, value) => put(out.uint32(tag), value), put, wireType };
}

/** One map entry, read into `map` (an entry without a value gets the empty value). */
function readMapEntry(input: Input, field: FieldPlan, map: Record<string, unknown>): void {
  const end = input.delimited();
  let key: unknown = '';
  let value: unknown;
  while (input.pos < end) {
    const tag = input.uint32();
    if (tag >>> 3 === 1) key = field.mapKey!.read(input);
    else if (tag >>> 3 === 2) value = field.read(input);
    else input.skip(tag & 7);
  }
  map[String(key)] = value ?? {};
}

function decodeMessage(type: protobuf.Type, input: Input, end: number): Record<string, unknown> {
  const plan = planOf(type);
  const message: Record<string, unknown> = {};
  let read = 0;
  while (input.pos < end) {
    const tag = input.uint32();
    const field = plan.byId[tag >>> 3];
    if (!field) {
      input.skip(tag & 7);
      continue;
    }
    if (field.mapKey) {
      readMapEntry(input, field, (message[field.name] ??= {}) as Record<string, unknown>);
    } else if (field.repeated) {
      const list = (message[field.name] ??= []) as unknown[];
      if (field.packable && (tag & 7) === 2) {
        const packedEnd = input.delimited();
        while (input.pos < packedEnd) list.push(field.read(input));
      } else list.push(field.read(input));
    } else {
      if (field.oneof && (plan.oneofNames || read > 0))
        oneofMember(message, field, plan.oneofNames);
      message[field.name] = field.read(input);
    }
    read++;
  }
  if (input.pos !== end) throw new RangeError('index out of range');
  const present = plan.present;
  for (let i = 0; i < present.length; i++) message[present[i]![0]] ??= present[i]![1]();
  return message;
}

/** A oneof's member is being read: the one read before (if another) is dropped. */
function oneofMember(message: Record<string, unknown>, field: FieldPlan, named: boolean): void {
  const oneof = field.oneof!;
  if (named) {
    const previous = message[oneof];
    if (typeof previous === 'string' && previous !== field.name) delete message[previous];
    message[oneof] = field.name;
    return;
  }
  for (const member of field.oneofMembers!) if (member !== field.name) delete message[member];
}

const SCALAR_WRITERS: Record<string, Put> = {
  double: (w, v) => w.double(Number(v)),
  float: (w, v) => w.float(Number(v)),
  int32: (w, v) => w.int32((v as number) | 0),
  uint32: (w, v) => w.uint32((v as number) >>> 0),
  sint32: (w, v) => w.sint32((v as number) | 0),
  fixed32: (w, v) => w.fixed32((v as number) >>> 0),
  sfixed32: (w, v) => w.sfixed32((v as number) | 0),
  bool: (w, v) => w.bool(Boolean(v)),
  string: (w, v) => w.string(String(v)),
  bytes: (w, v) => w.bytes(typeof v === 'string' ? Buffer.from(v, 'base64') : (v as Uint8Array)),
  int64: (w, v) => w.int64(v),
  uint64: (w, v) => w.int64(v),
  sint64: (w, v) => w.sint64(v),
  fixed64: (w, v) => w.fixed64(v),
  sfixed64: (w, v) => w.fixed64(v),
};

function encodeMessage(type: protobuf.Type, message: Record<string, unknown>, out: Output): void {
  const fields = planOf(type).fields;
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const value = message[field.name];
    if (value == null) continue;
    if (field.mapKey) {
      if (typeof value !== 'object') throw new TypeError(`.${field.name}: object expected`);
      const entries = value as Record<string, unknown>;
      const keys = Object.keys(entries);
      for (let k = 0; k < keys.length; k++) {
        const key = keys[k]!;
        const start = out.uint32((field.id << 3) | 2).fork();
        field.mapKey.write(out, key);
        field.write(out, entries[key]);
        out.ldelim(start);
      }
    } else if (field.repeated) {
      if (!Array.isArray(value)) throw new TypeError(`.${field.name}: array expected`);
      if (field.packed && field.packable) writePacked(out, field, value);
      else for (let k = 0; k < value.length; k++) field.write(out, value[k]);
    } else field.write(out, value);
  }
}

/** A packed repeated field: one length-delimited run of untagged values. */
function writePacked(out: Output, field: FieldPlan, values: unknown[]): void {
  if (!values.length) return;
  const start = out.uint32((field.id << 3) | 2).fork();
  for (let i = 0; i < values.length; i++) field.put(out, values[i]);
  out.ldelim(start);
}

/** The codec of one message type. */
export function codecOf(type: protobuf.Type): MessageCodecOf {
  return {
    decode: (bytes) => {
      const input = new Input(bytes);
      return decodeMessage(type, input, bytes.length);
    },
    encode: (message) => {
      if (Array.isArray(message)) throw new Error(`expected a ${type.name} object, got an array`);
      const out = new Output();
      encodeMessage(type, message as Record<string, unknown>, out);
      return out.finish();
    },
  };
}
