/**
 * Rules are not filters: a list is allowed only when its rule holds for every document the
 * query could return. The query's filters are the only facts known of those documents; this
 * module turns a StructuredQuery into those facts and decides comparisons against them.
 */
import type { StructuredQuery, StructuredQuery_Filter } from '../proto-types.ts';
import { compareValues, contains, valuesEqual } from './operators.ts';
import {
  fromFirestoreValue,
  RulesMap,
  RulesPath,
  UnknownValue,
  type FieldConstraint,
  type QueryFacts,
  type RulesValue,
} from './values.ts';

const OPERATORS: Record<string, FieldConstraint['op']> = {
  EQUAL: '==',
  NOT_EQUAL: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'in',
  NOT_IN: 'not-in',
  ARRAY_CONTAINS: 'array-contains',
  ARRAY_CONTAINS_ANY: 'array-contains-any',
};

export const DOCUMENT_ID_KEY = '__id__';

export function factsFromQuery(query: StructuredQuery | undefined): QueryFacts {
  const constraints = new Map<string, FieldConstraint[]>();
  const add = (key: string, constraint: FieldConstraint): void => {
    constraints.set(key, [...(constraints.get(key) ?? []), constraint]);
  };
  const visit = (filter: StructuredQuery_Filter | undefined | null): void => {
    if (!filter) return;
    if (filter.compositeFilter) {
      // Only the conjuncts of an AND are facts of every document; an OR proves nothing alone.
      if (filter.compositeFilter.op === 'AND')
        for (const inner of filter.compositeFilter.filters ?? []) visit(inner);
      return;
    }
    if (filter.fieldFilter) {
      const fieldPath = String(filter.fieldFilter.field?.fieldPath ?? '');
      const op = OPERATORS[String(filter.fieldFilter.op)];
      if (!op) return;
      const value = fromFirestoreValue(filter.fieldFilter.value ?? {});
      if (fieldPath === '__name__') add(DOCUMENT_ID_KEY, { op, value: documentIds(value) });
      add(fieldPath, { op, value });
      return;
    }
    if (filter.unaryFilter) {
      const fieldPath = String(filter.unaryFilter.field?.fieldPath ?? '');
      const unary = String(filter.unaryFilter.op);
      if (unary === 'IS_NULL') add(fieldPath, { op: '==', value: null });
      if (unary === 'IS_NOT_NULL') add(fieldPath, { op: '!=', value: null });
      if (unary === 'IS_NAN') add(fieldPath, { op: '==', value: NaN });
    }
  };
  visit(query?.where);
  return { constraints };
}

/** A reference (or list of them) in a `__name__` filter, as the document ids rules compare. */
function documentIds(value: RulesValue): RulesValue {
  if (value instanceof RulesPath) return value.segments[value.segments.length - 1] ?? '';
  if (Array.isArray(value)) return value.map(documentIds);
  return value;
}

function constraintsOf(unknown: UnknownValue): FieldConstraint[] {
  if (!unknown.fieldPath || !unknown.facts) return [];
  return unknown.facts.constraints.get(unknown.fieldPath.join('.')) ?? [];
}

/** The value the filters pin the field to, when an `==` filter does. */
export function pinnedValue(unknown: UnknownValue): { value: RulesValue } | undefined {
  const equal = constraintsOf(unknown).find((constraint) => constraint.op === '==');
  return equal ? { value: equal.value } : undefined;
}

/**
 * Whether `field <operator> value` holds for every document the query can return: true when the
 * filters prove it, false when they prove the opposite, undefined when they prove neither.
 */
export function decideComparison(
  unknown: UnknownValue,
  operator: string,
  value: RulesValue,
): boolean | undefined {
  const pinned = pinnedValue(unknown);
  if (pinned) return compareKnown(pinned.value, operator, value);
  for (const constraint of constraintsOf(unknown)) {
    if (
      operator === 'in' &&
      constraint.op === 'in' &&
      Array.isArray(constraint.value) &&
      Array.isArray(value)
    ) {
      // Google answers false, not an evaluation error, when the query's list is not a subset.
      return constraint.value.every((item) => contains(value, item));
    }
    if (operator === '!=' && constraint.op === 'not-in' && Array.isArray(constraint.value)) {
      if (constraint.value.some((item) => valuesEqual(item, value))) return true;
    }
    if (operator === '!=' && constraint.op === '!=' && valuesEqual(constraint.value, value))
      return true;
    if (
      ['<', '<=', '>', '>='].includes(operator) &&
      ['<', '<=', '>', '>='].includes(constraint.op)
    ) {
      if (rangeImplies(constraint, operator, value)) return true;
    }
  }
  return undefined;
}

/** Whether `field <constraint.op> constraint.value` implies `field <operator> value`. */
function rangeImplies(constraint: FieldConstraint, operator: string, value: RulesValue): boolean {
  const upper = constraint.op === '<' || constraint.op === '<=';
  if (upper !== (operator === '<' || operator === '<=')) return false;
  let order: number;
  try {
    order = compareValues(constraint.value, value, operator);
  } catch {
    return false;
  }
  if (upper) return order < 0 || (order === 0 && (operator === '<=' || constraint.op === '<'));
  return order > 0 || (order === 0 && (operator === '>=' || constraint.op === '>'));
}

function compareKnown(left: RulesValue, operator: string, right: RulesValue): boolean | undefined {
  try {
    switch (operator) {
      case '==':
        return valuesEqual(left, right);
      case '!=':
        return !valuesEqual(left, right);
      case 'in':
        return contains(right, left);
      default: {
        const order = compareValues(left, right, operator);
        if (operator === '<') return order < 0;
        if (operator === '<=') return order <= 0;
        if (operator === '>') return order > 0;
        return order >= 0;
      }
    }
  } catch {
    return undefined;
  }
}

/** `tags.hasAny([...])` / `hasAll` on a field an `array-contains(-any)` filter constrains. */
export function decideMembership(
  unknown: UnknownValue,
  method: string,
  args: RulesValue[],
): boolean | undefined {
  const wanted = args[0];
  if (args.length !== 1 || !Array.isArray(wanted)) return undefined;
  const known: RulesValue[] = [];
  for (const constraint of constraintsOf(unknown)) {
    if (constraint.op === 'array-contains') known.push(constraint.value);
  }
  if (
    method === 'hasAny' &&
    wanted.some((item) => known.some((element) => valuesEqual(element, item, true)))
  )
    return true;
  if (
    method === 'hasAll' &&
    wanted.every((item) => known.some((element) => valuesEqual(element, item, true)))
  )
    return true;
  return undefined;
}

/**
 * `resource` of a list as Google's emulator builds it: `data` holds only the fields the filters
 * constrain (pinned by `==` to their value, others as constrained unknowns), `id` and
 * `__name__` only when a `__name__ ==` filter pins them.
 */
export function documentFromFacts(facts: QueryFacts, collectionPath: string[]): RulesMap {
  const data = new RulesMap(new Map());
  for (const [fieldPath] of facts.constraints) {
    if (fieldPath === DOCUMENT_ID_KEY || fieldPath === '__name__') continue;
    const segments = fieldPath.split('.');
    let map = data;
    for (const segment of segments.slice(0, -1)) {
      const inner = map.entries.get(segment);
      if (inner instanceof RulesMap) map = inner;
      else {
        const created = new RulesMap(new Map());
        map.entries.set(segment, created);
        map = created;
      }
    }
    const unknown = new UnknownValue(segments, facts);
    const pinned = pinnedValue(unknown);
    map.entries.set(segments[segments.length - 1]!, pinned ? pinned.value : unknown);
  }
  const entries = new Map<string, RulesValue>([['data', data]]);
  const id = pinnedDocumentId(facts);
  if (id !== undefined) {
    entries.set('id', id);
    entries.set('__name__', new RulesPath([...collectionPath, id]));
  }
  return new RulesMap(entries);
}

export function pinnedDocumentId(facts: QueryFacts): string | undefined {
  const equal = (facts.constraints.get(DOCUMENT_ID_KEY) ?? []).find(
    (constraint) => constraint.op === '==',
  );
  return typeof equal?.value === 'string' ? equal.value : undefined;
}
