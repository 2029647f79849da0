/**
 * Whether production Firestore could serve a query from the indexes a project has, following
 * Firestore's documented planning rules:
 *
 * - a query with no filter and no order but `__name__` reads the built-in document-name index;
 * - equality filters (`==`, `in`, `is null`, `is NaN`, `array-contains(-any)`) alone are served
 *   by merging the single-field index of each field (or composite indexes covering them);
 * - one order (explicit, or implied by inequalities) and no equality: that field's single-field
 *   index in that direction;
 * - anything else (equalities with an order, inequalities on several fields, orders on several
 *   fields, `__name__` against the last order's direction) needs composite indexes made of
 *   equality fields followed by exactly the query's orders; several may be merged when they
 *   share those orders and together cover every equality;
 * - single-field indexes exist in collection scope unless `fieldOverrides` say otherwise, and in
 *   collection-group scope only where `fieldOverrides` enable them; an index serves only its own
 *   scope and collection id;
 * - an OR query is planned as its disjunctions (DNF), each of which must be served.
 *
 * Answers the indexes to create: none when the query is served.
 */
import type { StructuredQuery, StructuredQuery_Filter } from '../proto-types.ts';
import { formatFieldPath, parseFieldPath } from '../core/paths.ts';
import {
  singleFieldIndexes,
  type CompositeIndex,
  type IndexConfig,
  type IndexField,
  type Order,
  type QueryScope,
  type SingleFieldIndex,
} from './config.ts';

/** What a refused query needs: a composite index, or a single-field one enabled by an override. */
export type IndexNeed =
  | { kind: 'composite'; index: CompositeIndex }
  | {
      kind: 'single-field';
      collectionGroup: string;
      fieldPath: string;
      index: SingleFieldIndex;
      /** The whole override to paste: the field's indexes in force plus the one needed. */
      indexes: SingleFieldIndex[];
    };

interface Equality {
  field: string;
  contains: boolean;
  /** `==` / `is null` / `is NaN`: a single value, so an order on the field is constant. */
  single: boolean;
}

interface OrderedField {
  field: string;
  order: Order;
}

const NAME = '__name__';
const INEQUALITIES = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
  'IS_NOT_NULL',
  'IS_NOT_NAN',
]);

function keyOf(fieldPath: unknown): string {
  if (fieldPath === NAME) return NAME;
  return formatFieldPath(parseFieldPath(String(fieldPath)));
}

/** The filter as a disjunction of conjunctions of single field/unary filters. */
function disjunctiveNormalForm(
  filter: StructuredQuery_Filter | undefined,
): StructuredQuery_Filter[][] {
  if (!filter) return [[]];
  const composite = filter.compositeFilter;
  if (composite) {
    const parts = (composite.filters ?? []).map(disjunctiveNormalForm);
    if (composite.op === 'OR') return parts.flat();
    return parts.reduce<StructuredQuery_Filter[][]>(
      (product, part) => product.flatMap((left) => part.map((right) => [...left, ...right])),
      [[]],
    );
  }
  return [[filter]];
}

function inequalityFields(filter: StructuredQuery_Filter | undefined, into: Set<string>): void {
  if (!filter) return;
  if (filter.compositeFilter) {
    for (const f of filter.compositeFilter.filters ?? []) inequalityFields(f, into);
    return;
  }
  const atom = filter.fieldFilter ?? filter.unaryFilter;
  if (atom && INEQUALITIES.has(String(atom.op))) into.add(keyOf(atom.field?.fieldPath));
}

/** The query's orders as Firestore completes them: explicit, inequality fields, `__name__`. */
function completeOrders(query: StructuredQuery): { orders: OrderedField[]; nameOrder: Order } {
  const orders: OrderedField[] = [];
  let nameOrder: Order | undefined;
  for (const o of query.orderBy ?? []) {
    const order: Order = o.direction === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING';
    const field = keyOf(o.field?.fieldPath);
    if (nameOrder !== undefined) break; // orders after __name__ change nothing
    if (field === NAME) nameOrder = order;
    else if (!orders.some((x) => x.field === field)) orders.push({ field, order });
  }
  const last: Order = nameOrder ?? orders[orders.length - 1]?.order ?? 'ASCENDING';
  if (nameOrder === undefined) {
    const inequalities = new Set<string>();
    inequalityFields(query.where, inequalities);
    const implicit = [...inequalities]
      .filter((field) => field !== NAME && !orders.some((o) => o.field === field))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const field of implicit) orders.push({ field, order: last });
  }
  return { orders, nameOrder: nameOrder ?? last };
}

function equalitiesOf(conjunction: StructuredQuery_Filter[]): Equality[] {
  const out: Equality[] = [];
  for (const filter of conjunction) {
    const atom = filter.fieldFilter ?? filter.unaryFilter;
    const op = String(atom?.op);
    const field = keyOf(atom?.field?.fieldPath);
    if (field === NAME) continue; // served by the document-name part of every index
    let equality: Equality | undefined;
    if (op === 'EQUAL' || op === 'IS_NULL' || op === 'IS_NAN')
      equality = { field, contains: false, single: true };
    else if (op === 'IN') equality = { field, contains: false, single: false };
    else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY')
      equality = { field, contains: true, single: false };
    if (!equality) continue;
    const same = out.find((e) => e.field === field && e.contains === equality.contains);
    if (same) same.single ||= equality.single;
    else out.push(equality);
  }
  return out;
}

function hasSingleField(
  config: IndexConfig,
  collectionGroup: string,
  scope: QueryScope,
  field: string,
  wanted: (index: SingleFieldIndex) => boolean,
): boolean {
  return singleFieldIndexes(config, collectionGroup, field).some(
    (index) => index.queryScope === scope && wanted(index),
  );
}

/** An index's fields without a trailing `__name__` that only repeats the last direction. */
function significantFields(index: CompositeIndex): IndexField[] {
  const fields = index.fields;
  const last = fields[fields.length - 1];
  const before = fields[fields.length - 2];
  if (last?.fieldPath === NAME && before && last.order === before.order) return fields.slice(0, -1);
  return fields;
}

function fieldServes(field: IndexField, equality: Equality): boolean {
  return (
    field.fieldPath === equality.field &&
    (equality.contains ? field.arrayConfig === 'CONTAINS' : field.order !== undefined)
  );
}

/**
 * The equalities that composite indexes of the form (some equalities, then exactly `tail`)
 * cover together, and whether one index is exactly `tail` (a query with no equality).
 */
function coveredByComposites(
  candidates: CompositeIndex[],
  equalities: Equality[],
  tail: OrderedField[],
): { covered: Set<Equality>; exact: boolean } {
  const covered = new Set<Equality>();
  let exact = false;
  for (const index of candidates) {
    const fields = significantFields(index);
    const prefixLength = fields.length - tail.length;
    if (prefixLength < 0) continue;
    const tailMatches = tail.every((t, i) => {
      const field = fields[prefixLength + i]!;
      return field.fieldPath === t.field && field.order === t.order;
    });
    if (!tailMatches) continue;
    const served: Equality[] = [];
    const prefixServed = fields.slice(0, prefixLength).every((field) => {
      const equality = equalities.find((e) => !served.includes(e) && fieldServes(field, e));
      if (equality) served.push(equality);
      return equality !== undefined;
    });
    if (!prefixServed) continue;
    for (const e of served) covered.add(e);
    if (prefixLength === 0) exact = true;
  }
  return { covered, exact };
}

function compositeNeed(
  collectionGroup: string,
  queryScope: QueryScope,
  equalities: Equality[],
  tail: OrderedField[],
): IndexNeed {
  const fields: IndexField[] = [
    ...equalities.map((e): IndexField =>
      e.contains
        ? { fieldPath: e.field, arrayConfig: 'CONTAINS' }
        : { fieldPath: e.field, order: 'ASCENDING' },
    ),
    ...tail.map((t): IndexField => ({ fieldPath: t.field, order: t.order })),
  ];
  return { kind: 'composite', index: { collectionGroup, queryScope, fields } };
}

function singleFieldNeed(
  config: IndexConfig,
  collectionGroup: string,
  fieldPath: string,
  index: SingleFieldIndex,
): IndexNeed {
  return {
    kind: 'single-field',
    collectionGroup,
    fieldPath,
    index,
    indexes: [...singleFieldIndexes(config, collectionGroup, fieldPath), index],
  };
}

function planConjunction(
  config: IndexConfig,
  collectionGroup: string,
  scope: QueryScope,
  conjunction: StructuredQuery_Filter[],
  queryOrders: OrderedField[],
  nameOrder: Order,
): IndexNeed | undefined {
  const all = equalitiesOf(conjunction);
  // An order on a field held to one value is constant; an `in` on an ordered field is a set of
  // ranges of that field's index.
  const orders = queryOrders.filter(
    (o) => !all.some((e) => e.field === o.field && !e.contains && e.single),
  );
  const equalities = all.filter(
    (e) => e.contains || e.single || !orders.some((o) => o.field === e.field),
  );
  const candidates = config.indexes.filter(
    (index) => index.collectionGroup === collectionGroup && index.queryScope === scope,
  );

  if (orders.length === 0) {
    if (equalities.length === 0) return undefined; // the built-in document-name index
    const { covered } = coveredByComposites(candidates, equalities, []);
    const missing = equalities.filter(
      (e) =>
        !covered.has(e) &&
        !hasSingleField(config, collectionGroup, scope, e.field, (index) =>
          e.contains ? index.arrayConfig === 'CONTAINS' : index.order !== undefined,
        ),
    );
    if (missing.length === 0) return undefined;
    if (equalities.length === 1) {
      const e = equalities[0]!;
      return singleFieldNeed(
        config,
        collectionGroup,
        e.field,
        e.contains
          ? { queryScope: scope, arrayConfig: 'CONTAINS' }
          : { queryScope: scope, order: 'ASCENDING' },
      );
    }
    return compositeNeed(collectionGroup, scope, equalities, []);
  }

  const last = orders[orders.length - 1]!;
  const tail = last.order === nameOrder ? orders : [...orders, { field: NAME, order: nameOrder }];
  if (equalities.length === 0 && tail.length === 1) {
    const wanted = tail[0]!;
    if (
      hasSingleField(config, collectionGroup, scope, wanted.field, (i) => i.order === wanted.order)
    )
      return undefined;
    return singleFieldNeed(config, collectionGroup, wanted.field, {
      queryScope: scope,
      order: wanted.order,
    });
  }
  const { covered, exact } = coveredByComposites(candidates, equalities, tail);
  const served = equalities.length === 0 ? exact : equalities.every((e) => covered.has(e));
  return served ? undefined : compositeNeed(collectionGroup, scope, equalities, tail);
}

/**
 * The indexes production lacks to serve `query` with `config` (one per disjunction that is not
 * served, without repeats): empty when it is served.
 */
export function indexesNeededFor(query: StructuredQuery, config: IndexConfig): IndexNeed[] {
  const from = (query.from ?? [])[0];
  if (!from) return [];
  const collectionGroup = String(from.collectionId ?? '');
  const scope: QueryScope = from.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const { orders, nameOrder } = completeOrders(query);
  const needs = new Map<string, IndexNeed>();
  for (const conjunction of disjunctiveNormalForm(query.where)) {
    const need = planConjunction(config, collectionGroup, scope, conjunction, orders, nameOrder);
    if (need) needs.set(JSON.stringify(need), need);
  }
  return [...needs.values()];
}
