/** Methods of rules values: `s.lower()`, `list.hasAll(...)`, `map.diff(other)`, `t.year()` ... */
import { contains, unsupportedOperation, valuesEqual } from './operators.ts';
import { callTimestampMethod, callDurationMethod } from './time.ts';
import {
  fail,
  methodNotFound,
  RulesDuration,
  RulesLatLng,
  RulesMap,
  RulesMapDiff,
  RulesPath,
  RulesSet,
  RulesTimestamp,
  typeName,
  type RulesValue,
} from './values.ts';
import { compileRegex } from './regex.ts';

function expectArgs(name: string, args: RulesValue[], count: number): void {
  if (args.length !== count) methodNotFound(name);
}

function asList(value: RulesValue, name: string): RulesValue[] {
  if (Array.isArray(value)) return value;
  if (value instanceof RulesSet) return value.items;
  return methodNotFound(name);
}

function distinct(items: RulesValue[]): RulesValue[] {
  const result: RulesValue[] = [];
  for (const item of items) if (!result.some((kept) => valuesEqual(kept, item))) result.push(item);
  return result;
}

export function callMethod(target: RulesValue, name: string, args: RulesValue[]): RulesValue {
  if (typeof target === 'string') return callStringMethod(target, name, args);
  if (Array.isArray(target)) return callListMethod(target, name, args);
  if (target instanceof RulesSet) return callSetMethod(target, name, args);
  if (target instanceof RulesMap) return callMapMethod(target, name, args);
  if (target instanceof RulesMapDiff) return callMapDiffMethod(target, name, args);
  if (target instanceof RulesTimestamp) return callTimestampMethod(target, name, args);
  if (target instanceof RulesDuration) return callDurationMethod(target, name, args);
  if (target instanceof RulesPath) return callPathMethod(target, name, args);
  if (target instanceof Uint8Array) return callBytesMethod(target, name, args);
  if (target instanceof RulesLatLng) return callLatLngMethod(target, name, args);
  if (target === null) return fail('Null value error.');
  return methodNotFound(name);
}

function callStringMethod(text: string, name: string, args: RulesValue[]): RulesValue {
  switch (name) {
    case 'size':
      expectArgs(name, args, 0);
      return BigInt([...text].length);
    case 'lower':
      return text.toLowerCase();
    case 'upper':
      return text.toUpperCase();
    case 'trim':
      return text.trim();
    case 'matches': {
      expectArgs(name, args, 1);
      const pattern = args[0];
      if (typeof pattern !== 'string')
        return unsupportedOperation(
          `string.matches(${typeName(pattern ?? null)})`,
          'string.matches(string)',
        );
      return compileRegex(pattern, true).test(text);
    }
    case 'split': {
      expectArgs(name, args, 1);
      const pattern = args[0];
      if (typeof pattern !== 'string')
        return unsupportedOperation(
          `string.split(${typeName(pattern ?? null)})`,
          'string.split(string)',
        );
      return text.split(compileRegex(pattern, false));
    }
    case 'replace': {
      expectArgs(name, args, 2);
      const [pattern, replacement] = args;
      if (typeof pattern !== 'string' || typeof replacement !== 'string')
        return methodNotFound(name);
      return text.replace(
        new RegExp(compileRegex(pattern, false).source, 'gu'),
        replacement.replace(/\$/g, '$$$$'),
      );
    }
    case 'toUtf8':
      return new Uint8Array(Buffer.from(text, 'utf8'));
  }
  return methodNotFound(name);
}

function callListMethod(list: RulesValue[], name: string, args: RulesValue[]): RulesValue {
  switch (name) {
    case 'size':
      return BigInt(list.length);
    case 'join': {
      const separator = args[0] ?? '';
      if (typeof separator !== 'string' || !list.every((item) => typeof item === 'string')) {
        return methodNotFound(name);
      }
      return list.join(separator);
    }
    case 'concat':
      expectArgs(name, args, 1);
      return [...list, ...asList(args[0]!, name)];
    case 'removeAll': {
      expectArgs(name, args, 1);
      const removed = asList(args[0]!, name);
      return list.filter((item) => !removed.some((other) => valuesEqual(item, other)));
    }
    case 'toSet':
      return new RulesSet(distinct(list));
  }
  return callCollectionMethod(list, name, args, true);
}

function callSetMethod(set: RulesSet, name: string, args: RulesValue[]): RulesValue {
  const other = (): RulesValue[] => {
    expectArgs(name, args, 1);
    const argument = args[0]!;
    if (!(argument instanceof RulesSet)) {
      return unsupportedOperation(`set.${name}(${typeName(argument)})`, `set.${name}(set)`);
    }
    return argument.items;
  };
  switch (name) {
    case 'size':
      return BigInt(set.items.length);
    case 'union':
      return new RulesSet(distinct([...set.items, ...other()]));
    case 'intersection': {
      const items = other();
      return new RulesSet(set.items.filter((item) => items.some((x) => valuesEqual(x, item))));
    }
    case 'difference': {
      const items = other();
      return new RulesSet(set.items.filter((item) => !items.some((x) => valuesEqual(x, item))));
    }
  }
  return callCollectionMethod(set.items, name, args);
}

/** `hasAll`, `hasAny`, `hasOnly`, shared by lists and sets. */
function callCollectionMethod(
  items: RulesValue[],
  name: string,
  args: RulesValue[],
  onList = false,
): RulesValue {
  if (name !== 'hasAll' && name !== 'hasAny' && name !== 'hasOnly') return methodNotFound(name);
  expectArgs(name, args, 1);
  if (onList && !Array.isArray(args[0])) {
    return unsupportedOperation(`list.${name}(${typeName(args[0]!)})`, `list.${name}(list)`);
  }
  const wanted = asList(args[0]!, name);
  const has = (item: RulesValue): boolean =>
    items.some((element) => valuesEqual(element, item, true));
  if (name === 'hasAll') return wanted.every(has);
  if (name === 'hasAny') return wanted.some(has);
  return items.every((item) => wanted.some((allowed) => valuesEqual(allowed, item, true)));
}

function callMapMethod(map: RulesMap, name: string, args: RulesValue[]): RulesValue {
  switch (name) {
    case 'size':
      return BigInt(map.entries.size);
    case 'keys':
      return [...map.entries.keys()];
    case 'values':
      return [...map.entries.values()];
    case 'diff': {
      expectArgs(name, args, 1);
      const other = args[0]!;
      if (!(other instanceof RulesMap))
        return unsupportedOperation(`map.diff(${typeName(other)})`, 'map.diff(map)');
      // `a.diff(b)`: what `a` (the new data, by convention) changes relative to `b`.
      return new RulesMapDiff(other, map);
    }
    case 'get': {
      expectArgs(name, args, 2);
      return mapGet(map, args[0]!, args[1]!);
    }
  }
  return methodNotFound(name);
}

/** `map.get(key, default)`, where key may be a list of keys walking nested maps. */
function mapGet(map: RulesMap, key: RulesValue, fallback: RulesValue): RulesValue {
  const keys = Array.isArray(key) ? key : [key];
  let current: RulesValue = map;
  for (const part of keys) {
    if (typeof part !== 'string') return methodNotFound('get');
    if (!(current instanceof RulesMap) || !current.entries.has(part)) return fallback;
    current = current.entries.get(part)!;
  }
  return current;
}

function callMapDiffMethod(diff: RulesMapDiff, name: string, args: RulesValue[]): RulesValue {
  expectArgs(name, args, 0);
  const before = diff.before.entries;
  const after = diff.after.entries;
  const added = [...after.keys()].filter((key) => !before.has(key));
  const removed = [...before.keys()].filter((key) => !after.has(key));
  const shared = [...before.keys()].filter((key) => after.has(key));
  const changed = shared.filter((key) => !valuesEqual(before.get(key)!, after.get(key)!));
  const unchanged = shared.filter((key) => valuesEqual(before.get(key)!, after.get(key)!));
  switch (name) {
    case 'addedKeys':
      return new RulesSet(added);
    case 'removedKeys':
      return new RulesSet(removed);
    case 'changedKeys':
      return new RulesSet(changed);
    case 'unchangedKeys':
      return new RulesSet(unchanged);
    case 'affectedKeys':
      return new RulesSet([...added, ...removed, ...changed]);
  }
  return methodNotFound(name);
}

function callPathMethod(path: RulesPath, name: string, args: RulesValue[]): RulesValue {
  if (name === 'bind') {
    expectArgs(name, args, 1);
    const bindings = args[0];
    if (!(bindings instanceof RulesMap)) return methodNotFound(name);
    return new RulesPath(
      path.segments.map((segment) => {
        const wildcard = /^\{(\w+)\}$/.exec(segment);
        const bound = wildcard ? bindings.entries.get(wildcard[1]!) : undefined;
        return typeof bound === 'string' ? bound : segment;
      }),
    );
  }
  return methodNotFound(name);
}

function callBytesMethod(bytes: Uint8Array, name: string, args: RulesValue[]): RulesValue {
  expectArgs(name, args, 0);
  if (name === 'size') return BigInt(bytes.length);
  if (name === 'toBase64') return Buffer.from(bytes).toString('base64');
  if (name === 'toHexString') return Buffer.from(bytes).toString('hex').toUpperCase();
  return methodNotFound(name);
}

function callLatLngMethod(point: RulesLatLng, name: string, args: RulesValue[]): RulesValue {
  if (name === 'latitude') return point.latitude;
  if (name === 'longitude') return point.longitude;
  if (name === 'distance') {
    expectArgs(name, args, 1);
    const other = args[0];
    if (!(other instanceof RulesLatLng)) return methodNotFound(name);
    return haversineMeters(point, other);
  }
  return methodNotFound(name);
}

function haversineMeters(a: RulesLatLng, b: RulesLatLng): number {
  const radians = (degrees: number): number => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_010 * Math.asin(Math.sqrt(h));
}

export { contains };
