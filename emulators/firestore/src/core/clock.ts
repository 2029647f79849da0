/** Commit and read times: microseconds since the epoch, strictly increasing per emulator. */
import type { Timestamp } from '../proto-types.ts';
import { normTimestamp } from './values.ts';

/** Microseconds since the epoch. */
export type Micros = number;

function wallClockMicros(): Micros {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

export class Clock {
  /** The latest time handed out (or imported): commit times never repeat or go back. */
  private lastIssued: Micros = 0;

  /** A commit time: strictly greater than every time issued before. */
  nextCommitTime(): Micros {
    const time = Math.max(wallClockMicros(), this.lastIssued + 1);
    this.lastIssued = time;
    return time;
  }

  /** A read time: not before any commit so far. */
  readTimeNow(): Micros {
    const time = Math.max(wallClockMicros(), this.lastIssued);
    this.lastIssued = time;
    return time;
  }

  /** The latest time handed out: every later commit comes after it. */
  latest(): Micros {
    return this.lastIssued;
  }

  /** Imported documents carry their own times: later commits must come after them. */
  observe(time: Micros): void {
    if (time > this.lastIssued) this.lastIssued = time;
  }
}

export function toTimestamp(micros: Micros): Required<Timestamp> {
  const seconds = Math.floor(micros / 1e6);
  return { seconds: String(seconds), nanos: (micros - seconds * 1e6) * 1000 };
}

export function fromTimestamp(timestamp: Timestamp): Micros {
  const normalized = normTimestamp(timestamp);
  return Number(normalized.seconds) * 1e6 + Math.floor(normalized.nanos / 1000);
}

/** Listen resume tokens: the read time, 8 bytes big-endian. */
export function resumeTokenFor(micros: Micros): Buffer {
  const token = Buffer.alloc(8);
  token.writeBigInt64BE(BigInt(micros));
  return token;
}
