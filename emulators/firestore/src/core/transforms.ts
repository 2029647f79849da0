/** Field transforms of a write: server time, increment, maximum/minimum, array union/removal. */
import type { ArrayValue, DocumentTransform_FieldTransform } from '../proto-types.ts';
import { toTimestamp, type Micros } from './clock.ts';
import { getField, parseFieldPath, setField } from './paths.ts';
import { invalidArgument } from './transactions.ts';
import {
  compareValues,
  intClamp,
  isNumber,
  normalizeValue,
  numberOf,
  valuesEqual,
  type Fields,
  type Value,
} from './values.ts';

function increment(current: Value | undefined, operand: Value): Value {
  const amount = normalizeValue(operand);
  if (!isNumber(amount)) throw invalidArgument('increment requires a numeric value');
  if (!isNumber(current)) return amount;
  if (current!.integerValue !== undefined && amount.integerValue !== undefined) {
    return { integerValue: intClamp(BigInt(current!.integerValue) + BigInt(amount.integerValue)) };
  }
  return { doubleValue: numberOf(current!) + numberOf(amount) };
}

function extreme(current: Value | undefined, operand: Value, isMaximum: boolean): Value {
  const argument = normalizeValue(operand);
  if (!isNumber(argument)) throw invalidArgument('maximum/minimum require a numeric value');
  if (!isNumber(current)) return argument;
  const a = numberOf(current!);
  const b = numberOf(argument);
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? current! : argument;
  const order = compareValues(argument, current!);
  return (isMaximum ? order > 0 : order < 0) ? argument : current!;
}

function arrayUnion(current: Value | undefined, operand: ArrayValue): Value {
  const added = (operand.values ?? []).map((v) => normalizeValue(v));
  const values = current?.arrayValue ? [...(current.arrayValue.values ?? [])] : [];
  for (const value of added) if (!values.some((x) => valuesEqual(x, value))) values.push(value);
  return { arrayValue: { values } };
}

function arrayRemove(current: Value | undefined, operand: ArrayValue): Value {
  const removed = (operand.values ?? []).map((v) => normalizeValue(v));
  const values = current?.arrayValue?.values ?? [];
  return {
    arrayValue: { values: values.filter((x) => !removed.some((value) => valuesEqual(x, value))) },
  };
}

/**
 * The value of a `REQUEST_TIME` transform: the commit time cut to the millisecond. Firestore
 * gives it "with millisecond precision", the same for every field of a commit; Google's emulator
 * answers so (its value, the request's arrival, is never after the commit time). Cut from the
 * commit time, it is never after the write's `updateTime` either, and equal to it to the millisecond.
 */
export function requestTime(commitTime: Micros): Micros {
  return commitTime - (commitTime % 1000);
}

/** Applies one FieldTransform at `commitTime`; returns the new fields and the transform result. */
export function applyTransform(
  fields: Fields,
  transform: DocumentTransform_FieldTransform,
  commitTime: Micros,
): { fields: Fields; result: Value } {
  const path = parseFieldPath(transform.fieldPath);
  const current = getField(fields, path);
  let next: Value;
  // The enum by name, or by number from a caller that did not convert it.
  const serverValue: unknown = transform.setToServerValue;
  if (serverValue !== undefined && serverValue !== null) {
    if (serverValue !== 'REQUEST_TIME' && serverValue !== 1) {
      throw invalidArgument(`Unsupported server value ${String(serverValue)}`);
    }
    next = { timestampValue: toTimestamp(requestTime(commitTime)) };
  } else if (transform.increment) {
    next = increment(current, transform.increment);
  } else if (transform.maximum || transform.minimum) {
    const isMaximum = !!transform.maximum;
    next = extreme(current, (isMaximum ? transform.maximum : transform.minimum)!, isMaximum);
  } else if (transform.appendMissingElements) {
    next = arrayUnion(current, transform.appendMissingElements);
  } else if (transform.removeAllFromArray) {
    next = arrayRemove(current, transform.removeAllFromArray);
  } else throw invalidArgument('Field transform has no operation');
  if (path.length === 1 && /^__.*__$/.test(path[0]!))
    throw invalidArgument(`Field name '${path[0]}' is reserved (names like __x__ are).`);
  // Firestore answers array transforms with a null result, not the resulting array.
  const isArrayTransform = !!(transform.appendMissingElements || transform.removeAllFromArray);
  const result: Value = isArrayTransform ? { nullValue: 'NULL_VALUE' } : next;
  return { fields: setField(fields, path, next), result };
}
