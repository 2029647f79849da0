/** Equality, ordering and arithmetic between rules values, with the rules' type errors. */
import {
  fail,
  RulesDuration,
  RulesLatLng,
  RulesMap,
  RulesPath,
  RulesSet,
  RulesTimestamp,
  typeName,
  type RulesValue,
} from './values.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function isNumeric(value: RulesValue): value is bigint | number {
  return typeof value === 'bigint' || typeof value === 'number';
}

/**
 * `==`: an int equals the same float at the top level (`1 == 1.0`), but inside lists and maps,
 * and for `in`, the types must match too (`[1] != [1.0]`), as Google's emulator answers.
 */
export function valuesEqual(left: RulesValue, right: RulesValue, strictNumbers = false): boolean {
  if (left === right) return true;
  if (isNumeric(left) && isNumeric(right)) {
    if (strictNumbers && typeof left !== typeof right) return false;
    return Number(left) === Number(right) && compareNumbers(left, right) === 0;
  }
  if (left === null || right === null) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, index) => valuesEqual(item, right[index]!, true));
  }
  if (left instanceof RulesMap && right instanceof RulesMap) {
    if (left.entries.size !== right.entries.size) return false;
    for (const [key, value] of left.entries) {
      if (!right.entries.has(key) || !valuesEqual(value, right.entries.get(key)!, true)) return false;
    }
    return true;
  }
  if (left instanceof RulesSet && right instanceof RulesSet) {
    return (
      left.items.length === right.items.length &&
      left.items.every((item) => right.items.some((other) => valuesEqual(item, other, true)))
    );
  }
  if (left instanceof RulesPath && right instanceof RulesPath) return left.toString() === right.toString();
  if (left instanceof RulesTimestamp && right instanceof RulesTimestamp) return left.nanos === right.nanos;
  if (left instanceof RulesDuration && right instanceof RulesDuration) return left.nanos === right.nanos;
  if (left instanceof RulesLatLng && right instanceof RulesLatLng) {
    return left.latitude === right.latitude && left.longitude === right.longitude;
  }
  if (left instanceof Uint8Array && right instanceof Uint8Array) {
    return Buffer.from(left).equals(Buffer.from(right));
  }
  return false;
}

function compareNumbers(left: bigint | number, right: bigint | number): number {
  if (typeof left === 'bigint' && typeof right === 'bigint') return left < right ? -1 : left > right ? 1 : 0;
  const a = Number(left);
  const b = Number(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Ordering for `<` `<=` `>` `>=`: numbers, strings, timestamps, durations, lists, bytes. */
export function compareValues(left: RulesValue, right: RulesValue, operator: string): number {
  if (isNumeric(left) && isNumeric(right)) {
    if (Number.isNaN(Number(left)) || Number.isNaN(Number(right))) return NaN;
    return compareNumbers(left, right);
  }
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  if (left instanceof RulesTimestamp && right instanceof RulesTimestamp) {
    return left.nanos < right.nanos ? -1 : left.nanos > right.nanos ? 1 : 0;
  }
  if (left instanceof RulesDuration && right instanceof RulesDuration) {
    return left.nanos < right.nanos ? -1 : left.nanos > right.nanos ? 1 : 0;
  }
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let index = 0; index < Math.min(left.length, right.length); index++) {
      const order = compareValues(left[index]!, right[index]!, operator);
      if (order !== 0) return order;
    }
    return left.length - right.length;
  }
  if (left instanceof Uint8Array && right instanceof Uint8Array) return Buffer.compare(left, right);
  return unsupported(left, operator, right);
}

/** What each operator accepts, in the words of Google's "Expected:" list. */
const SIGNATURES: Record<string, string> = {
  '+': 'int + int, float + float, string + string, duration + duration, duration + timestamp, timestamp + duration',
  '-': 'int - int, float - float, duration - duration, timestamp - duration, timestamp - timestamp',
  '*': 'int * int, float * float',
  '/': 'int / int, float / float',
  '%': 'int % int, float % float',
  'unary-': '-int, -float, -duration',
  '!': '!bool',
};

function comparisonSignatures(operator: string): string {
  const types = ['string', 'bytes', 'int', 'float', 'duration', 'timestamp'];
  const pairs = types.map((type) => `${type} ${operator} ${type}`);
  return [...pairs, `constraint ${operator} any`, `any ${operator} constraint`].join(', ');
}

/** Google's form: `Unsupported operation error. Received: int + string. Expected: ...`. */
export function unsupportedOperation(received: string, expected: string): never {
  return fail(`Unsupported operation error. Received: ${received}. Expected: ${expected}.`);
}

export function unsupported(left: RulesValue, operator: string, right?: RulesValue): never {
  if (right === undefined) {
    const key = operator === '-' ? 'unary-' : operator;
    return unsupportedOperation(`${operator}${typeName(left)}`, SIGNATURES[key] ?? '');
  }
  const expected = SIGNATURES[operator] ?? comparisonSignatures(operator);
  return unsupportedOperation(`${typeName(left)} ${operator} ${typeName(right)}`, expected);
}

/** A logical operand or condition that is not a bool. */
export function typeError(value: RulesValue): never {
  return fail(typeErrorMessage(value));
}

export function typeErrorMessage(value: RulesValue): string {
  return `Type error. Received: [${typeName(value)}] Expected: [bool].`;
}

export function indexOutOfBounds(index: bigint, size: number): never {
  return fail(`Index out of bound error. Index: [${index}] , size: [${size}].`);
}

function checkedInt(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) {
    fail('Integer value is out of the [-9223372036854775808, 9223372036854775807] range.');
  }
  return value;
}

export function arithmetic(operator: string, left: RulesValue, right: RulesValue): RulesValue {
  if (typeof left === 'bigint' && typeof right === 'bigint') {
    switch (operator) {
      case '+':
        return checkedInt(left + right);
      case '-':
        return checkedInt(left - right);
      case '*':
        return checkedInt(left * right);
      case '/':
        if (right === 0n) fail('Divide by zero error.');
        return checkedInt(left / right);
      case '%':
        if (right === 0n) fail('Divide by zero error.');
        return left % right;
    }
  }
  if (isNumeric(left) && isNumeric(right)) {
    const a = Number(left);
    const b = Number(right);
    switch (operator) {
      case '+':
        return a + b;
      case '-':
        return a - b;
      case '*':
        return a * b;
      case '/':
        return a / b;
      case '%':
        return a % b;
    }
  }
  if (operator === '+') {
    if (typeof left === 'string' && typeof right === 'string') return left + right;
    if (left instanceof RulesTimestamp && right instanceof RulesDuration) {
      return new RulesTimestamp(left.nanos + right.nanos);
    }
    if (left instanceof RulesDuration && right instanceof RulesTimestamp) {
      return new RulesTimestamp(left.nanos + right.nanos);
    }
    if (left instanceof RulesDuration && right instanceof RulesDuration) return new RulesDuration(left.nanos + right.nanos);
  }
  if (operator === '-') {
    if (left instanceof RulesTimestamp && right instanceof RulesTimestamp) {
      return new RulesDuration(left.nanos - right.nanos);
    }
    if (left instanceof RulesTimestamp && right instanceof RulesDuration) {
      return new RulesTimestamp(left.nanos - right.nanos);
    }
    if (left instanceof RulesDuration && right instanceof RulesDuration) return new RulesDuration(left.nanos - right.nanos);
  }
  return unsupported(left, operator, right);
}

/** `x in container`: a key of a map, an item of a list or set. */
export function contains(container: RulesValue, item: RulesValue): boolean {
  if (Array.isArray(container)) return container.some((element) => valuesEqual(element, item, true));
  if (container instanceof RulesSet) return container.items.some((element) => valuesEqual(element, item, true));
  if (container instanceof RulesMap) {
    if (typeof item !== 'string') return unsupportedOperation(`map.in(${typeName(item)})`, 'map.in(string)');
    return container.entries.has(item);
  }
  return fail('Function not found error: Name: [in].');
}
