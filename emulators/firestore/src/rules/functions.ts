/** Global functions and namespaces: `get()`, `exists()`, `string()`, `math.*`, `timestamp.*` ... */
import { createHash } from 'node:crypto';
import type { RequestBudget } from './documents.ts';
import { resourceValue, serviceCallError } from './documents.ts';
import { unsupportedOperation } from './operators.ts';
import { callDurationNamespace, callTimestampNamespace } from './time.ts';
import {
  fail,
  methodNotFound,
  RulesLatLng,
  RulesMap,
  RulesPath,
  RulesSet,
  typeName,
  type RulesValue,
} from './values.ts';

const NAMESPACES = ['math', 'timestamp', 'duration', 'hashing', 'latlng'];

/** A namespace used as a value (`math` in `math.abs(x)`): only its functions can be called. */
export class RulesNamespace {
  constructor(readonly name: string) {}
}

export function isNamespace(name: string): boolean {
  return NAMESPACES.includes(name);
}

export function callGlobalFunction(
  name: string,
  args: RulesValue[],
  budget: RequestBudget,
): RulesValue {
  switch (name) {
    case 'get':
    case 'getAfter': {
      const document = budget.read(args[0] ?? null, name === 'getAfter', name);
      if (!document) return fail(serviceCallError(name, args[0] as RulesPath));
      return resourceValue(document);
    }
    case 'exists':
    case 'existsAfter':
      return budget.read(args[0] ?? null, name === 'existsAfter', name) !== null;
    case 'string':
      return toText(args[0] ?? null);
    case 'int':
      return toInt(args[0] ?? null);
    case 'float':
      return toFloat(args[0] ?? null);
    case 'path':
      if (typeof args[0] !== 'string') return methodNotFound(name);
      return new RulesPath(args[0].split('/').filter((segment) => segment !== ''));
    case 'debug':
      return args[0] ?? null;
    case 'latlng.value':
      if (typeof args[0] !== 'number' || typeof args[1] !== 'number') return methodNotFound(name);
      return new RulesLatLng(args[0], args[1]);
  }
  if (name.startsWith('math.')) return callMath(name.slice(5), args);
  if (name.startsWith('timestamp.')) return callTimestampNamespace(name.slice(10), args);
  if (name.startsWith('duration.')) return callDurationNamespace(name.slice(9), args);
  if (name.startsWith('hashing.')) return callHashing(name.slice(8), args);
  return methodNotFound(name);
}

function conversionError(argument: string, from: string, to: string): never {
  return fail(
    `Type conversion error. Argument: [${argument}], From type: [${from}], To type: [${to}].`,
  );
}

function toText(value: RulesValue): RulesValue {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (value instanceof RulesPath) return value.toString();
  return unsupportedOperation(
    `string(${typeName(value)})`,
    'string(int), string(float), string(null), string(string), string(bool), string(path)',
  );
}

function toInt(value: RulesValue): RulesValue {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return conversionError(String(value), 'float', 'int');
    return BigInt(Math.trunc(value));
  }
  if (typeof value === 'string') {
    if (!/^[+-]?\d+$/.test(value)) return conversionError(value, 'string', 'int');
    return BigInt(value);
  }
  return unsupportedOperation(`int(${typeName(value)})`, 'int(int), int(float), int(string)');
}

function toFloat(value: RulesValue): RulesValue {
  if (typeof value === 'bigint' || typeof value === 'number') return Number(value);
  if (typeof value === 'string') {
    if (value.trim() === '' || Number.isNaN(Number(value)))
      return conversionError(value, 'string', 'float');
    return Number(value);
  }
  return unsupportedOperation(
    `float(${typeName(value)})`,
    'float(int), float(float), float(string)',
  );
}

function callMath(name: string, args: RulesValue[]): RulesValue {
  const [first, second] = args;
  const numeric = (value: RulesValue | undefined): number => {
    if (typeof value === 'bigint' || typeof value === 'number') return Number(value);
    return methodNotFound(`math.${name}`);
  };
  switch (name) {
    case 'abs':
      if (typeof first === 'bigint') return first < 0n ? -first : first;
      return Math.abs(numeric(first));
    case 'ceil':
      return BigInt(Math.ceil(numeric(first)));
    case 'floor':
      return BigInt(Math.floor(numeric(first)));
    case 'round':
      return BigInt(Math.round(numeric(first)));
    case 'sqrt':
      return Math.sqrt(numeric(first));
    case 'pow':
      return Math.pow(numeric(first), numeric(second));
    case 'isNaN':
      return Number.isNaN(numeric(first));
  }
  return methodNotFound(`math.${name}`);
}

function callHashing(name: string, args: RulesValue[]): RulesValue {
  const algorithms: Record<string, string> = { crc32: '', md5: 'md5', sha256: 'sha256' };
  const input = args[0];
  const bytes =
    typeof input === 'string'
      ? Buffer.from(input)
      : input instanceof Uint8Array
        ? Buffer.from(input)
        : null;
  const algorithm = algorithms[name];
  if (!bytes || !algorithm) return methodNotFound(`hashing.${name}`);
  return new Uint8Array(createHash(algorithm).update(bytes).digest());
}

export function describe(value: RulesValue): string {
  if (value instanceof RulesMap || value instanceof RulesSet) return typeName(value);
  return typeName(value);
}
