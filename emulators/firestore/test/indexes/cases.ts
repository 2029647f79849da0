/**
 * The index table: queries, the `firestore.indexes.json` they run with, and whether production
 * Firestore serves them, each with the documented rule that decides it (Firestore docs, "Index
 * types", "Manage indexes", "Index merging", "Collection group queries", "Single-field index
 * exemptions").
 */
import type {
  StructuredQuery,
  StructuredQuery_FieldFilter_Operator,
  StructuredQuery_Filter,
} from '../../src/proto-types.ts';
import type { IndexField } from '../../src/indexes/config.ts';

type Json = Record<string, unknown>;

const value = { integerValue: '1' };
const list = { arrayValue: { values: [value, { integerValue: '2' }] } };
const field = (fieldPath: string) => ({ fieldPath });
const op = (
  fieldPath: string,
  o: StructuredQuery_FieldFilter_Operator,
  v: Json = value,
): StructuredQuery_Filter => ({
  fieldFilter: { field: field(fieldPath), op: o, value: v },
});
export const eq = (f: string) => op(f, 'EQUAL');
export const gt = (f: string) => op(f, 'GREATER_THAN');
export const ne = (f: string) => op(f, 'NOT_EQUAL');
export const inList = (f: string) => op(f, 'IN', list);
export const notIn = (f: string) => op(f, 'NOT_IN', list);
export const contains = (f: string) => op(f, 'ARRAY_CONTAINS');
export const containsAny = (f: string) => op(f, 'ARRAY_CONTAINS_ANY', list);
export const isNull = (f: string): StructuredQuery_Filter => ({
  unaryFilter: { field: field(f), op: 'IS_NULL' },
});
export const and = (...filters: StructuredQuery_Filter[]): StructuredQuery_Filter => ({
  compositeFilter: { op: 'AND', filters },
});
export const or = (...filters: StructuredQuery_Filter[]): StructuredQuery_Filter => ({
  compositeFilter: { op: 'OR', filters },
});
const nameAfter: StructuredQuery_Filter = {
  fieldFilter: {
    field: field('__name__'),
    op: 'GREATER_THAN',
    value: { referenceValue: 'projects/p/databases/(default)/documents/c/x' },
  },
};

export function query(
  where?: StructuredQuery_Filter,
  orderBy: [string, 'ASCENDING' | 'DESCENDING'][] = [],
  group = false,
): StructuredQuery {
  return {
    from: [{ collectionId: 'c', ...(group ? { allDescendants: true } : {}) }],
    ...(where ? { where } : {}),
    orderBy: orderBy.map(([fieldPath, direction]) => ({ field: { fieldPath }, direction })),
  };
}

const asc = (fieldPath: string): IndexField => ({ fieldPath, order: 'ASCENDING' });
const desc = (fieldPath: string): IndexField => ({ fieldPath, order: 'DESCENDING' });
const arr = (fieldPath: string): IndexField => ({ fieldPath, arrayConfig: 'CONTAINS' });
const composite = (fields: IndexField[], queryScope = 'COLLECTION', collectionGroup = 'c') => ({
  collectionGroup,
  queryScope,
  fields,
});
const override = (fieldPath: string, indexes: Json[], collectionGroup = 'c') => ({
  collectionGroup,
  fieldPath,
  indexes,
});
const COLLECTION_DEFAULTS = [
  { order: 'ASCENDING', queryScope: 'COLLECTION' },
  { order: 'DESCENDING', queryScope: 'COLLECTION' },
  { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
];

export interface IndexCase {
  name: string;
  /** The documented rule this case checks. */
  rule: string;
  query: StructuredQuery;
  file?: Json;
  /** undefined: served. Else the index production asks for. */
  needs?: Json;
}

const A_EQ_ORDER_B = query(eq('a'), [['b', 'ASCENDING']]);
const A_B_EQ_ORDER_C_DESC = query(and(eq('a'), eq('b')), [['c', 'DESCENDING']]);

export const CASES: IndexCase[] = [
  // -- served by the automatic single-field indexes --
  { name: 'no filter, no order', rule: 'built-in name index', query: query() },
  {
    name: 'order by __name__ descending',
    rule: 'built-in name index, both directions',
    query: query(undefined, [['__name__', 'DESCENDING']]),
  },
  { name: 'one equality', rule: 'single-field index', query: query(eq('a')) },
  {
    name: 'two equalities',
    rule: 'index merging of single-field indexes',
    query: query(and(eq('a'), eq('b'))),
  },
  {
    name: 'three equalities and array-contains',
    rule: 'index merging (array-contains uses the CONTAINS single-field index)',
    query: query(and(eq('a'), eq('b'), eq('d'), contains('tags'))),
  },
  { name: 'one range', rule: 'single-field ascending', query: query(gt('a')) },
  {
    name: 'range, ordered descending on the same field',
    rule: 'single-field descending',
    query: query(gt('a'), [['a', 'DESCENDING']]),
  },
  {
    name: 'order by one field descending',
    rule: 'single-field descending',
    query: query(undefined, [['a', 'DESCENDING']]),
  },
  { name: 'in', rule: 'single-field index (one scan per value)', query: query(inList('a')) },
  {
    name: 'in, ordered on the same field',
    rule: 'single-field index',
    query: query(inList('a'), [['a', 'ASCENDING']]),
  },
  { name: 'not equal', rule: 'single-field index (two ranges)', query: query(ne('a')) },
  { name: 'not-in', rule: 'single-field index', query: query(notIn('a')) },
  {
    name: 'equality, ordered on the same field',
    rule: 'an order on a field held to one value is constant',
    query: query(eq('a'), [['a', 'DESCENDING']]),
  },
  { name: 'array-contains', rule: 'single-field CONTAINS', query: query(contains('tags')) },
  {
    name: 'array-contains-any',
    rule: 'single-field CONTAINS',
    query: query(containsAny('tags')),
  },
  { name: 'is null', rule: 'single-field index (equality)', query: query(isNull('a')) },
  {
    name: 'OR of equalities on two fields',
    rule: 'each disjunction served by its single-field index',
    query: query(or(eq('a'), eq('b'))),
  },
  {
    name: 'equality and a __name__ range',
    rule: 'every index ends with the document name',
    query: query(and(eq('a'), nameAfter)),
  },
  {
    name: 'equality, ordered by __name__ descending',
    rule: 'single-field descending index ends with the name descending',
    query: query(eq('a'), [['__name__', 'DESCENDING']]),
  },

  // -- refused without a composite index --
  {
    name: 'equality, ordered on another field',
    rule: 'equality + order on a different field needs a composite index',
    query: A_EQ_ORDER_B,
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'equality and a range on another field',
    rule: 'equality + range on a different field needs a composite index',
    query: query(and(eq('a'), gt('b'))),
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'ranges on two fields',
    rule: 'range filters on several fields need a composite index',
    query: query(and(gt('a'), gt('b'))),
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'order by two fields',
    rule: 'several orders need a composite index',
    query: query(undefined, [
      ['a', 'ASCENDING'],
      ['b', 'DESCENDING'],
    ]),
    needs: { indexes: [composite([asc('a'), desc('b')])], fieldOverrides: [] },
  },
  {
    name: 'order by a field, then __name__ the other way',
    rule: 'single-field indexes end with the name in their own direction',
    query: query(undefined, [
      ['a', 'ASCENDING'],
      ['__name__', 'DESCENDING'],
    ]),
    needs: { indexes: [composite([asc('a'), desc('__name__')])], fieldOverrides: [] },
  },
  {
    name: 'array-contains, ordered on another field',
    rule: 'array-contains + order needs a composite index',
    query: query(contains('tags'), [['a', 'ASCENDING']]),
    needs: { indexes: [composite([arr('tags'), asc('a')])], fieldOverrides: [] },
  },
  {
    name: 'in, ordered on another field descending',
    rule: 'in is an equality: + order needs a composite index',
    query: query(inList('a'), [['b', 'DESCENDING']]),
    needs: { indexes: [composite([asc('a'), desc('b')])], fieldOverrides: [] },
  },
  {
    name: 'OR of equalities, ordered on a third field',
    rule: 'each disjunction needs its index',
    query: query(or(eq('a'), eq('b')), [['c', 'ASCENDING']]),
    needs: {
      indexes: [composite([asc('a'), asc('c')]), composite([asc('b'), asc('c')])],
      fieldOverrides: [],
    },
  },
  {
    name: 'range on one field, ordered on another',
    rule: 'the range field is ordered after the explicit order',
    query: query(gt('a'), [['b', 'ASCENDING']]),
    needs: { indexes: [composite([asc('b'), asc('a')])], fieldOverrides: [] },
  },
  {
    name: 'two equalities, ordered on a third field',
    rule: 'equalities first, then the order',
    query: A_B_EQ_ORDER_C_DESC,
    needs: { indexes: [composite([asc('a'), asc('b'), desc('c')])], fieldOverrides: [] },
  },

  // -- served by the composite indexes of the file --
  {
    name: 'equality + order, with its composite index',
    rule: 'composite index: equality fields, then the order',
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([asc('a'), asc('b')])] },
  },
  {
    name: 'equality + order, equality field descending in the index',
    rule: "an equality field's direction in the index does not matter",
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([desc('a'), asc('b')])] },
  },
  {
    name: 'equality + order, order field the other way in the index',
    rule: "the order's direction must be the index's",
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([asc('a'), desc('b')])] },
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'two equalities + order, merged from two composite indexes',
    rule: 'index merging: composite indexes sharing the order fields',
    query: A_B_EQ_ORDER_C_DESC,
    file: { indexes: [composite([asc('a'), desc('c')]), composite([asc('b'), desc('c')])] },
  },
  {
    name: 'two equalities + order, one of the two merged indexes',
    rule: 'index merging must cover every equality',
    query: A_B_EQ_ORDER_C_DESC,
    file: { indexes: [composite([asc('a'), desc('c')])] },
    needs: { indexes: [composite([asc('a'), asc('b'), desc('c')])], fieldOverrides: [] },
  },
  {
    name: 'collection query, index of collection-group scope only',
    rule: 'an index serves its own query scope',
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([asc('a'), asc('b')], 'COLLECTION_GROUP')] },
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'index of another collection id',
    rule: 'an index serves its own collection id',
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([asc('a'), asc('b')], 'COLLECTION', 'other')] },
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },
  {
    name: 'order by two fields, index ending with __name__ the same way',
    rule: 'an explicit trailing __name__ in the last direction is implied anyway',
    query: query(undefined, [
      ['a', 'ASCENDING'],
      ['b', 'ASCENDING'],
    ]),
    file: { indexes: [composite([asc('a'), asc('b'), asc('__name__')])] },
  },
  {
    name: 'order then __name__ the other way, with its index',
    rule: 'composite index with __name__ descending',
    query: query(undefined, [
      ['a', 'ASCENDING'],
      ['__name__', 'DESCENDING'],
    ]),
    file: { indexes: [composite([asc('a'), desc('__name__')])] },
  },
  {
    name: 'equality + order, index with an extra field',
    rule: 'the order fields must end the index',
    query: A_EQ_ORDER_B,
    file: { indexes: [composite([asc('a'), asc('b'), asc('c')])] },
    needs: { indexes: [composite([asc('a'), asc('b')])], fieldOverrides: [] },
  },

  // -- collection groups: no automatic single-field indexes --
  {
    name: 'collection group, no filter',
    rule: 'built-in name index',
    query: query(undefined, [], true),
  },
  {
    name: 'collection group, one equality',
    rule: 'collection-group single-field indexes are enabled by fieldOverrides',
    query: query(eq('a'), [], true),
    needs: {
      indexes: [],
      fieldOverrides: [
        override('a', [
          ...COLLECTION_DEFAULTS,
          { queryScope: 'COLLECTION_GROUP', order: 'ASCENDING' },
        ]),
      ],
    },
  },
  {
    name: 'collection group, one equality, enabled',
    rule: 'fieldOverrides COLLECTION_GROUP ascending',
    query: query(eq('a'), [], true),
    file: {
      fieldOverrides: [override('a', [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }])],
    },
  },
  {
    name: 'collection group, order descending, only ascending enabled',
    rule: 'the direction must be enabled',
    query: query(undefined, [['a', 'DESCENDING']], true),
    file: {
      fieldOverrides: [override('a', [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }])],
    },
    needs: {
      indexes: [],
      fieldOverrides: [
        override('a', [
          { queryScope: 'COLLECTION_GROUP', order: 'ASCENDING' },
          { queryScope: 'COLLECTION_GROUP', order: 'DESCENDING' },
        ]),
      ],
    },
  },
  {
    name: 'collection group, equality + order, collection-scope index',
    rule: 'an index serves its own query scope',
    query: query(eq('a'), [['b', 'ASCENDING']], true),
    file: { indexes: [composite([asc('a'), asc('b')])] },
    needs: { indexes: [composite([asc('a'), asc('b')], 'COLLECTION_GROUP')], fieldOverrides: [] },
  },
  {
    name: 'collection group, equality + order, collection-group index',
    rule: 'composite index of COLLECTION_GROUP scope',
    query: query(eq('a'), [['b', 'ASCENDING']], true),
    file: { indexes: [composite([asc('a'), asc('b')], 'COLLECTION_GROUP')] },
  },
  {
    name: 'collection group, array-contains, enabled',
    rule: 'fieldOverrides COLLECTION_GROUP CONTAINS',
    query: query(contains('tags'), [], true),
    file: {
      fieldOverrides: [
        override('tags', [{ arrayConfig: 'CONTAINS', queryScope: 'COLLECTION_GROUP' }]),
      ],
    },
  },
  {
    name: 'collection group, two equalities, neither enabled',
    rule: 'merging needs an index per field; one composite index serves both',
    query: query(and(eq('a'), eq('b')), [], true),
    needs: { indexes: [composite([asc('a'), asc('b')], 'COLLECTION_GROUP')], fieldOverrides: [] },
  },

  // -- exemptions --
  {
    name: 'equality on an exempted field',
    rule: 'an exemption removes the single-field indexes',
    query: query(eq('a')),
    file: { fieldOverrides: [override('a', [])] },
    needs: {
      indexes: [],
      fieldOverrides: [override('a', [{ queryScope: 'COLLECTION', order: 'ASCENDING' }])],
    },
  },
  {
    name: 'equality on a subfield of an exempted map',
    rule: 'subfields inherit the exemption of their map',
    query: query(eq('m.x')),
    file: { fieldOverrides: [override('m', [])] },
    needs: {
      indexes: [],
      fieldOverrides: [override('m.x', [{ queryScope: 'COLLECTION', order: 'ASCENDING' }])],
    },
  },
  {
    name: 'subfield with its own override inside an exempted map',
    rule: 'the nearest override wins',
    query: query(eq('m.x')),
    file: {
      fieldOverrides: [
        override('m', []),
        override('m.x', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }]),
      ],
    },
  },
  {
    name: 'order descending on a field that keeps only ascending',
    rule: 'an override lists every single-field index the field keeps',
    query: query(undefined, [['a', 'DESCENDING']]),
    file: { fieldOverrides: [override('a', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }])] },
    needs: {
      indexes: [],
      fieldOverrides: [
        override('a', [
          { queryScope: 'COLLECTION', order: 'ASCENDING' },
          { queryScope: 'COLLECTION', order: 'DESCENDING' },
        ]),
      ],
    },
  },
  {
    name: 'order ascending on a field that keeps only ascending',
    rule: 'the ascending index is kept',
    query: query(undefined, [['a', 'ASCENDING']]),
    file: { fieldOverrides: [override('a', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }])] },
  },
  {
    name: 'array-contains on a field whose override drops CONTAINS',
    rule: 'an override lists every single-field index the field keeps',
    query: query(contains('tags')),
    file: {
      fieldOverrides: [override('tags', [{ order: 'ASCENDING', queryScope: 'COLLECTION' }])],
    },
    needs: {
      indexes: [],
      fieldOverrides: [
        override('tags', [
          { queryScope: 'COLLECTION', order: 'ASCENDING' },
          { queryScope: 'COLLECTION', arrayConfig: 'CONTAINS' },
        ]),
      ],
    },
  },
  {
    name: 'exemption in another collection id',
    rule: 'an override applies to its collection id only',
    query: query(eq('a')),
    file: { fieldOverrides: [override('a', [], 'other')] },
  },
];
