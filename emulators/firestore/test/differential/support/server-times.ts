/**
 * What a case with `serverTimes` compares of its `REQUEST_TIME` transforms: not the instants
 * (two emulators never commit at the same time) but their facts. Each timestamp value becomes
 * the number of its distinct instant in the case (the same number: the same instant), its
 * precision, and whether it falls after the time of the answer it is in (a commit's
 * `commitTime`, a document's `updateTime`).
 */

/** Nanoseconds since the epoch of an RFC 3339 UTC time (`2026-11-27T05:50:48.617Z`). */
function nanosOf(time: string): bigint {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(time);
  if (!match) throw new Error(`not a UTC timestamp: ${time}`);
  const fraction = (match[2] ?? '').padEnd(9, '0');
  return BigInt(Date.parse(`${match[1]}Z`)) * 1_000_000n + BigInt(fraction);
}

function precisionOf(nanos: bigint): string {
  if (nanos % 1_000_000n === 0n) return 'ms';
  return nanos % 1_000n === 0n ? 'µs' : 'ns';
}

/** Replaces every `timestampValue` in `body` by its facts; `instants` numbers them across a case. */
export function describeServerTimes(body: unknown, instants: bigint[]): unknown {
  const walk = (value: unknown, reference: bigint | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, reference));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const own = record.commitTime ?? record.updateTime;
    const at = typeof own === 'string' ? nanosOf(own) : reference;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      if (key !== 'timestampValue' || typeof item !== 'string') {
        out[key] = walk(item, at);
        continue;
      }
      const nanos = nanosOf(item);
      if (!instants.includes(nanos)) instants.push(nanos);
      out[key] = {
        instant: instants.indexOf(nanos),
        precision: precisionOf(nanos),
        afterItsAnswer: at === undefined ? 'no time to compare' : nanos > at,
      };
    }
    return out;
  };
  return walk(body, undefined);
}
