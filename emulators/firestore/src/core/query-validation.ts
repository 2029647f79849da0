/**
 * The shapes of StructuredQuery that Firestore refuses with INVALID_ARGUMENT (messages as
 * Google's emulator words them), checked before a
 * query runs (RunQuery, RunAggregationQuery, and listen targets alike), so code that passes its
 * tests here is not refused in production. Limits are Firestore's documented ones.
 */
import { Code, FirestoreError } from '../backend.ts';
import type {
  StructuredAggregationQuery_Aggregation,
  StructuredQuery,
  StructuredQuery_FieldFilter,
  StructuredQuery_Filter,
  Value,
} from '../proto-types.ts';

const MAX_IN = 30;
const MAX_NOT_IN = 10;
const MAX_DISJUNCTIONS = 30;
const MAX_AGGREGATIONS = 5;
/** Products of lists are counted up to here, then refused anyway. */
const DISJUNCTIONS_COUNTED = 100_000;

function refuse(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

interface FilterFacts {
  notEqualOrNotIn: number;
  notIn: boolean;
  inOrArrayContainsAny: boolean;
  insideOr: boolean;
}

function listOf(filter: StructuredQuery_FieldFilter, op: string): Value[] {
  const value = filter.value;
  if (!value || value.arrayValue === undefined) throw refuse(`'${op}' requires an ArrayValue.`);
  const values = value.arrayValue.values ?? [];
  if (values.length === 0) throw refuse(`'${op}' requires an non-empty ArrayValue.`);
  return values;
}

/** Checks one field filter; returns how many disjunctions it stands for once normalised. */
function checkFieldFilter(
  filter: StructuredQuery_FieldFilter,
  facts: FilterFacts,
  orAbove: boolean,
): number {
  const op = String(filter.op);
  const fieldPath = filter.field?.fieldPath;
  const isName = fieldPath === '__name__';
  const references = (values: Value[]) => {
    if (isName && values.some((value) => value.referenceValue === undefined))
      throw refuse(`A filter on __name__ must compare with document references.`);
  };
  switch (op) {
    case 'IN':
    case 'ARRAY_CONTAINS_ANY': {
      const values = listOf(filter, op);
      if (values.length > MAX_IN)
        throw refuse(`'${op}' supports up to ${MAX_IN} comparison values.`);
      references(values);
      facts.inOrArrayContainsAny = true;
      return values.length;
    }
    case 'NOT_IN': {
      const values = listOf(filter, op);
      if (values.length > MAX_NOT_IN)
        throw refuse(`'NOT_IN' supports up to ${MAX_NOT_IN} comparison values.`);
      references(values);
      facts.notIn = true;
      facts.notEqualOrNotIn++;
      if (orAbove) facts.insideOr = true;
      return 1;
    }
    case 'NOT_EQUAL':
      facts.notEqualOrNotIn++;
      break;
  }
  if (filter.value) references([filter.value]);
  return 1;
}

/** Walks the filter tree; returns the number of disjunctions in its disjunctive normal form. */
function checkFilter(filter: StructuredQuery_Filter, facts: FilterFacts, orAbove: boolean): number {
  if (filter.compositeFilter) {
    const isOr = filter.compositeFilter.op === 'OR';
    const parts = (filter.compositeFilter.filters ?? []).map((part) =>
      checkFilter(part, facts, orAbove || isOr),
    );
    if (parts.length === 0) return 1;
    // Capped so a product of many lists cannot grow without bound before it is refused.
    return isOr
      ? parts.reduce((sum, count) => sum + count, 0)
      : parts.reduce((product, count) => Math.min(product * count, DISJUNCTIONS_COUNTED), 1);
  }
  if (filter.fieldFilter) return checkFieldFilter(filter.fieldFilter, facts, orAbove);
  return 1;
}

/** The most `ARRAY_CONTAINS(_ANY)` filters any one disjunction of the normal form holds. */
function arrayContainsPerDisjunction(filter: StructuredQuery_Filter): number {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(arrayContainsPerDisjunction);
    if (filter.compositeFilter.op === 'OR') return Math.max(0, ...parts);
    return parts.reduce((sum, count) => sum + count, 0);
  }
  const op = filter.fieldFilter?.op;
  return op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY' ? 1 : 0;
}

export function validateStructuredQuery(query: StructuredQuery): void {
  if (query.where) {
    const facts: FilterFacts = {
      notEqualOrNotIn: 0,
      notIn: false,
      inOrArrayContainsAny: false,
      insideOr: false,
    };
    const disjunctions = checkFilter(query.where, facts, false);
    if (facts.notEqualOrNotIn > 1)
      throw refuse(
        `Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.`,
      );
    if (facts.notIn && (facts.inOrArrayContainsAny || facts.insideOr))
      throw refuse(
        `'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.`,
      );
    if (arrayContainsPerDisjunction(query.where) > 1)
      throw refuse(`A maximum of 1 'ARRAY_CONTAINS' filter is allowed per disjunction.`);
    if (disjunctions > MAX_DISJUNCTIONS)
      throw refuse(
        `Too many disjunctions after normalization. Result had ${disjunctions} disjunctions which is more than the maximum of ${MAX_DISJUNCTIONS}`,
      );
  }
  const offset = Number(query.offset ?? 0);
  if (!Number.isInteger(offset) || offset < 0) throw refuse('offset is negative');
  const explicitOrders = (query.orderBy ?? []).length;
  for (const cursor of [query.startAt, query.endAt]) {
    if (cursor && (cursor.values ?? []).length > explicitOrders)
      throw refuse('Cursor has too many values.');
  }
}

export function validateAggregations(aggregations: StructuredAggregationQuery_Aggregation[]): void {
  if (aggregations.length === 0) throw refuse('Aggregations can not be empty.');
  if (aggregations.length > MAX_AGGREGATIONS)
    throw refuse(`A query can contain at most ${MAX_AGGREGATIONS} aggregations.`);
  const aliases = new Set<string>();
  for (const aggregation of aggregations) {
    const alias = aggregation.alias;
    if (!alias) continue;
    if (aliases.has(alias)) throw refuse(`Aggregation aliases contain duplicate alias: ${alias}.`);
    aliases.add(alias);
  }
}
