/** Timestamps and durations: their methods and the `timestamp.*` / `duration.*` functions. */
import { fail, methodNotFound, RulesDuration, RulesTimestamp, type RulesValue } from './values.ts';

const NANOS_PER_MILLI = 1_000_000n;
const NANOS_PER_SECOND = 1_000_000_000n;
const UNIT_NANOS: Record<string, bigint> = {
  w: 7n * 86_400n * NANOS_PER_SECOND,
  d: 86_400n * NANOS_PER_SECOND,
  h: 3_600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: NANOS_PER_MILLI,
  ns: 1n,
};

function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
}

function utcDate(timestamp: RulesTimestamp): Date {
  return new Date(Number(floorDiv(timestamp.nanos, NANOS_PER_MILLI)));
}

function integerArgs(name: string, args: RulesValue[], count: number): bigint[] {
  if (args.length !== count || !args.every((arg) => typeof arg === 'bigint')) methodNotFound(name);
  return args as bigint[];
}

export function callTimestampMethod(
  timestamp: RulesTimestamp,
  name: string,
  args: RulesValue[],
): RulesValue {
  if (name !== 'time' && name !== 'date') integerArgs(name, args, 0);
  const date = utcDate(timestamp);
  const nanosOfSecond =
    timestamp.nanos - floorDiv(timestamp.nanos, NANOS_PER_SECOND) * NANOS_PER_SECOND;
  switch (name) {
    case 'year':
      return BigInt(date.getUTCFullYear());
    case 'month':
      return BigInt(date.getUTCMonth() + 1);
    case 'day':
      return BigInt(date.getUTCDate());
    case 'hours':
      return BigInt(date.getUTCHours());
    case 'minutes':
      return BigInt(date.getUTCMinutes());
    case 'seconds':
      return BigInt(date.getUTCSeconds());
    case 'nanos':
      return nanosOfSecond;
    case 'dayOfWeek':
      return BigInt(date.getUTCDay() === 0 ? 7 : date.getUTCDay());
    case 'dayOfYear': {
      const startOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
      return BigInt(Math.floor((date.getTime() - startOfYear) / 86_400_000) + 1);
    }
    case 'toMillis':
      return floorDiv(timestamp.nanos, NANOS_PER_MILLI);
    case 'date':
      return new RulesTimestamp(
        BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) *
          NANOS_PER_MILLI,
      );
    case 'time': {
      const startOfDay =
        BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) *
        NANOS_PER_MILLI;
      return new RulesDuration(timestamp.nanos - startOfDay);
    }
  }
  return methodNotFound(name);
}

export function callDurationMethod(
  duration: RulesDuration,
  name: string,
  args: RulesValue[],
): RulesValue {
  integerArgs(name, args, 0);
  const seconds = floorDiv(duration.nanos, NANOS_PER_SECOND);
  if (name === 'seconds') return seconds;
  if (name === 'nanos') return duration.nanos - seconds * NANOS_PER_SECOND;
  return methodNotFound(name);
}

/** `timestamp.value(millis)`, `timestamp.date(y, m, d)`. */
export function callTimestampNamespace(name: string, args: RulesValue[]): RulesValue {
  if (name === 'value') {
    const [millis] = integerArgs(name, args, 1);
    return new RulesTimestamp(millis! * NANOS_PER_MILLI);
  }
  if (name === 'date') {
    const [year, month, day] = integerArgs(name, args, 3);
    return new RulesTimestamp(
      BigInt(Date.UTC(Number(year), Number(month) - 1, Number(day))) * NANOS_PER_MILLI,
    );
  }
  return methodNotFound(`timestamp.${name}`);
}

/** `duration.value(n, unit)`, `duration.time(h, m, s, ns)`, `duration.abs(d)`. */
export function callDurationNamespace(name: string, args: RulesValue[]): RulesValue {
  if (name === 'value') {
    const [magnitude, unit] = args;
    if (args.length !== 2 || typeof magnitude !== 'bigint' || typeof unit !== 'string')
      return methodNotFound(name);
    const unitNanos = UNIT_NANOS[unit];
    if (unitNanos === undefined) return fail(`Invalid duration unit: ${unit}`);
    return new RulesDuration(magnitude * unitNanos);
  }
  if (name === 'time') {
    const [hours, minutes, seconds, nanos] = integerArgs(name, args, 4);
    return new RulesDuration(
      ((hours! * 60n + minutes!) * 60n + seconds!) * NANOS_PER_SECOND + nanos!,
    );
  }
  if (name === 'abs') {
    const [duration] = args;
    if (!(duration instanceof RulesDuration)) return methodNotFound(name);
    return new RulesDuration(duration.nanos < 0n ? -duration.nanos : duration.nanos);
  }
  return methodNotFound(`duration.${name}`);
}
