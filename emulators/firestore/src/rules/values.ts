/**
 * The values a rule computes with. Primitive JavaScript types where they fit (`bigint` is the
 * rules `int`, `number` the `float`, so the two never mix up), small classes for the rest.
 */
import type { Fields, Value } from '../core/values.ts';

export type RulesValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | RulesValue[]
  | RulesMap
  | RulesSet
  | RulesPath
  | RulesTimestamp
  | RulesDuration
  | RulesLatLng
  | RulesMapDiff
  | RulesFunctionRef
  | UnknownValue;

/** An evaluation error: denies the statement unless `&&` / `||` decide without it. */
export class RulesEvaluationError extends Error {}

export function fail(message: string): never {
  throw new RulesEvaluationError(message);
}

/** Google's error for a function or method that does not exist or got the wrong arguments. */
export function methodNotFound(name: string): never {
  return fail(`Function not found error: Name: [${name}].`);
}

export class RulesMap {
  constructor(readonly entries: Map<string, RulesValue>) {}
  static of(record: Record<string, RulesValue>): RulesMap {
    return new RulesMap(new Map(Object.entries(record)));
  }
}

export class RulesSet {
  constructor(readonly items: RulesValue[]) {}
}

/** A path: `/databases/(default)/documents/users/u1`, or a wildcard's captured segments. */
export class RulesPath {
  constructor(readonly segments: string[]) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

export class RulesTimestamp {
  /** Nanoseconds since the epoch. */
  constructor(readonly nanos: bigint) {}
}

export class RulesDuration {
  constructor(readonly nanos: bigint) {}
}

export class RulesLatLng {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

export class RulesMapDiff {
  constructor(
    readonly before: RulesMap,
    readonly after: RulesMap,
  ) {}
}

/** A global function named without a call (`get` alone): only an error when used. */
export class RulesFunctionRef {
  constructor(readonly name: string) {}
}

/**
 * A value the rules cannot know yet: a field of a document a list query might return. It points
 * at what the query's filters tell of that field, so that `resource.data.owner ==
 * request.auth.uid` can be proven for every document the query could return
 * (`query-facts.ts`). With no field path it is an unknowable value (undecided boolean).
 */
export class UnknownValue {
  constructor(
    readonly fieldPath: string[] | null,
    readonly facts: QueryFacts | null,
  ) {}
}

export interface FieldConstraint {
  op:
    | '=='
    | '!='
    | '<'
    | '<='
    | '>'
    | '>='
    | 'in'
    | 'not-in'
    | 'array-contains'
    | 'array-contains-any';
  value: RulesValue;
}

/** What a query's filters say of its documents, by field path (`a.b`); `__id__` = document id. */
export interface QueryFacts {
  constraints: Map<string, FieldConstraint[]>;
}

export function typeName(value: RulesValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (value instanceof Uint8Array) return 'bytes';
  if (Array.isArray(value)) return 'list';
  if (value instanceof RulesMap) return 'map';
  if (value instanceof RulesSet) return 'set';
  if (value instanceof RulesPath) return 'path';
  if (value instanceof RulesTimestamp) return 'timestamp';
  if (value instanceof RulesDuration) return 'duration';
  if (value instanceof RulesLatLng) return 'latlng';
  if (value instanceof RulesMapDiff) return 'map_diff';
  if (value instanceof RulesFunctionRef) return 'function';
  return 'unknown';
}

// ---- Firestore values <-> rules values ----

const NANOS_PER_SECOND = 1_000_000_000n;

export function fromFirestoreValue(value: Value): RulesValue {
  if (value.nullValue !== undefined && value.nullValue !== null && !hasOtherKind(value)) {
    return null;
  }
  if (value.booleanValue !== undefined && value.booleanValue !== null) {
    return Boolean(value.booleanValue);
  }
  if (value.integerValue !== undefined && value.integerValue !== null) {
    return BigInt(value.integerValue);
  }
  if (value.doubleValue !== undefined && value.doubleValue !== null) {
    return Number(value.doubleValue);
  }
  if (value.stringValue !== undefined && value.stringValue !== null) {
    return String(value.stringValue);
  }
  if (value.timestampValue) return timestampFromProto(value.timestampValue);
  if (value.bytesValue !== undefined && value.bytesValue !== null) {
    const bytes = value.bytesValue;
    return typeof bytes === 'string'
      ? new Uint8Array(Buffer.from(bytes, 'base64'))
      : new Uint8Array(bytes);
  }
  if (value.referenceValue) return pathFromResourceName(String(value.referenceValue));
  if (value.geoPointValue) {
    return new RulesLatLng(
      Number(value.geoPointValue.latitude ?? 0),
      Number(value.geoPointValue.longitude ?? 0),
    );
  }
  if (value.arrayValue) return ((value.arrayValue.values ?? []) as Value[]).map(fromFirestoreValue);
  if (value.mapValue) return fromFirestoreFields(value.mapValue.fields ?? {});
  return null;
}

function hasOtherKind(value: Value): boolean {
  return typeof value.valueType === 'string' && value.valueType !== 'nullValue';
}

export function fromFirestoreFields(fields: Fields): RulesMap {
  const entries = new Map<string, RulesValue>();
  for (const [key, value] of Object.entries(fields)) entries.set(key, fromFirestoreValue(value));
  return new RulesMap(entries);
}

function timestampFromProto(
  timestamp: { seconds?: unknown; nanos?: unknown } | string,
): RulesTimestamp {
  if (typeof timestamp === 'string') return timestampFromMillis(Date.parse(timestamp));
  const seconds = BigInt(String(timestamp.seconds ?? 0));
  return new RulesTimestamp(seconds * NANOS_PER_SECOND + BigInt(Number(timestamp.nanos ?? 0)));
}

export function timestampFromMillis(millis: number): RulesTimestamp {
  return new RulesTimestamp(BigInt(Math.round(millis)) * 1_000_000n);
}

/** `projects/P/databases/D/documents/a/b` -> `/databases/D/documents/a/b`, as rules see it. */
export function pathFromResourceName(name: string): RulesPath {
  const segments = name.split('/').filter((segment) => segment !== '');
  return new RulesPath(segments[0] === 'projects' ? segments.slice(2) : segments);
}

/** The reverse, for `get()` and `exists()`: rules paths never name the project. */
export function resourceNameFromPath(project: string, path: RulesPath): string {
  return `projects/${project}/${path.segments.join('/')}`;
}

/** Token claims (plain JSON) as rules values: JSON numbers are ints when integral. */
export function fromJson(json: unknown): RulesValue {
  if (json === null || json === undefined) return null;
  if (typeof json === 'boolean' || typeof json === 'string') return json;
  if (typeof json === 'number') return Number.isInteger(json) ? BigInt(json) : json;
  if (Array.isArray(json)) return json.map(fromJson);
  if (typeof json === 'object') {
    const entries = new Map<string, RulesValue>();
    for (const [key, item] of Object.entries(json)) entries.set(key, fromJson(item));
    return new RulesMap(entries);
  }
  return null;
}
