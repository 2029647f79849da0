/**
 * Protobuf bytes being written, into one growing buffer: no object per field written (the
 * protobufjs Writer keeps an operation object per value and a state per nested message, and
 * without TurboFan that garbage was a tenth of a batch commit's allocations). A nested message
 * reserves one byte for its length and moves its bytes along if the length needs more.
 */

const TWO_32 = 4294967296;
const SAFE_INTEGER_TEXT = /^-?\d{1,15}$/;

export class Output {
  private buf = Buffer.allocUnsafe(1024);
  private pos = 0;
  /** The two halves of the last 64-bit integer converted (`bits64`). */
  private lo = 0;
  private hi = 0;

  /** The bytes written (a view of the buffer: the Output must not be written to afterwards). */
  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  uint32(value: number): this {
    this.room(5);
    let v = value >>> 0;
    while (v > 127) {
      this.buf[this.pos++] = (v & 127) | 128;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
    return this;
  }

  int32(value: number): this {
    return value < 0 ? this.varint64(value >>> 0, 0xffffffff) : this.uint32(value);
  }

  sint32(value: number): this {
    return this.uint32(((value << 1) ^ (value >> 31)) >>> 0);
  }

  bool(value: boolean): this {
    return this.uint32(value ? 1 : 0);
  }

  fixed32(value: number): this {
    this.room(4);
    this.buf.writeUInt32LE(value >>> 0, this.pos);
    this.pos += 4;
    return this;
  }

  sfixed32(value: number): this {
    this.room(4);
    this.buf.writeInt32LE(value | 0, this.pos);
    this.pos += 4;
    return this;
  }

  float(value: number): this {
    this.room(4);
    this.buf.writeFloatLE(value, this.pos);
    this.pos += 4;
    return this;
  }

  double(value: number): this {
    this.room(8);
    this.buf.writeDoubleLE(value, this.pos);
    this.pos += 8;
    return this;
  }

  /** int64 and uint64 (the same bits on the wire): a number, decimal text or a Long. */
  int64(value: unknown): this {
    this.bits64(value);
    return this.varint64(this.lo, this.hi);
  }

  sint64(value: unknown): this {
    this.bits64(value);
    const mask = this.hi >> 31;
    const hi = (((this.hi << 1) | (this.lo >>> 31)) ^ mask) >>> 0;
    return this.varint64(((this.lo << 1) ^ mask) >>> 0, hi);
  }

  fixed64(value: unknown): this {
    this.bits64(value);
    const hi = this.hi;
    return this.fixed32(this.lo).fixed32(hi);
  }

  string(value: string): this {
    this.room(5 + value.length * 3);
    const start = this.fork();
    // Buffer's own utf8Write, as protobufjs writes strings: write() checks its arguments first.
    this.pos += (this.buf as Buffer & { utf8Write(text: string, at: number): number }).utf8Write(
      value,
      this.pos,
    );
    return this.ldelim(start);
  }

  bytes(value: Uint8Array): this {
    this.uint32(value.length);
    this.room(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
    return this;
  }

  /** Starts a length-delimited part; `ldelim` with what this returns ends it. */
  fork(): number {
    this.room(1);
    this.pos++;
    return this.pos;
  }

  ldelim(start: number): this {
    const length = this.pos - start;
    let size = 1;
    for (let rest = length >>> 7; rest > 0; rest >>>= 7) size++;
    if (size > 1) {
      this.room(size - 1);
      this.buf.copyWithin(start + size - 1, start, this.pos);
      this.pos += size - 1;
    }
    let at = start - 1;
    let v = length;
    while (v > 127) {
      this.buf[at++] = (v & 127) | 128;
      v >>>= 7;
    }
    this.buf[at] = v;
    return this;
  }

  private varint64(lo: number, hi: number): this {
    if (hi === 0) return this.uint32(lo);
    this.room(10);
    while (hi > 0 || lo > 127) {
      this.buf[this.pos++] = (lo & 127) | 128;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.buf[this.pos++] = lo;
    return this;
  }

  /** A 64-bit integer's two's-complement halves into lo / hi, as protobufjs reads them. */
  private bits64(value: unknown): void {
    if (typeof value === 'string' && SAFE_INTEGER_TEXT.test(value)) value = Number(value);
    if (typeof value === 'number') {
      const negative = value < 0;
      const magnitude = negative ? -value : value;
      let lo = magnitude >>> 0;
      let hi = ((magnitude - lo) / TWO_32) >>> 0;
      if (negative) {
        hi = ~hi >>> 0;
        lo = ~lo >>> 0;
        if (++lo > 0xffffffff) {
          lo = 0;
          if (++hi > 0xffffffff) hi = 0;
        }
      }
      this.lo = lo;
      this.hi = hi;
    } else if (typeof value === 'string' || typeof value === 'bigint') {
      const bits = BigInt.asUintN(64, BigInt(value));
      this.lo = Number(bits & 0xffffffffn);
      this.hi = Number(bits >> 32n);
    } else if (value && typeof value === 'object' && 'low' in value && 'high' in value) {
      this.lo = (value as { low: number }).low >>> 0;
      this.hi = (value as { high: number }).high >>> 0;
    } else {
      this.lo = 0;
      this.hi = 0;
    }
  }

  /** Makes room for `bytes` more. */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }
}
