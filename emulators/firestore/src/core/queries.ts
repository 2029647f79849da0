/** RunQuery and RunAggregationQuery over the documents of the queried collection(s). */
import type { StructuredAggregationQuery_Aggregation, StructuredQuery } from '../proto-types.ts';
import type { Micros } from './clock.ts';
import { docName, getField, parseFieldPath, parseParent, type ParsedName } from './paths.ts';
import { compileQuery, type CompiledQuery, type QDoc } from './query.ts';
import type { ReadContext } from './reads.ts';
import type { CoreState } from './state.ts';
import type { Database, StoredDoc } from './storage.ts';
import { aborted, invalidArgument } from './transactions.ts';
import { isNumber, numberOf, type Value } from './values.ts';

export interface QueryResult {
  path: string;
  doc: StoredDoc;
}

export interface ParsedQuery {
  parent: ParsedName;
  database: Database;
  query: CompiledQuery;
}

export function parseQueryRequest(
  state: CoreState,
  request: { parent?: string },
  structuredQuery: StructuredQuery | undefined,
): ParsedQuery {
  const parent = parseParent(request.parent);
  if (!structuredQuery) throw invalidArgument('structuredQuery is required');
  const query = compileQuery(parent, structuredQuery);
  state.indexes?.check(parent, structuredQuery);
  return { parent, database: state.databases.databaseFor(parent), query };
}

/** The documents a query has to look at: its collection, or only those an equality admits. */
function documentsInScope(database: Database, query: CompiledQuery, at?: Micros) {
  const { parentPath, collectionId, allDescendants, kindless } = query.scope;
  if (allDescendants) return database.inCollectionGroup(parentPath, collectionId, at);
  if (kindless) return [...database.all(at)].filter(([path]) => query.inScope(path));
  const collectionPath = parentPath === '' ? collectionId : `${parentPath}/${collectionId}`;
  const equality = query.equalities[0];
  if (equality && at === undefined) {
    return database.whereEqual(collectionPath, equality.path, equality.value);
  }
  return database.inCollection(collectionPath, at);
}

/** The query's result, read from its own collection(s) only. */
export function executeQuery(database: Database, query: CompiledQuery, at?: Micros): QueryResult[] {
  const matches: QDoc[] = [];
  const byPath = new Map<string, StoredDoc>();
  for (const [path, doc] of documentsInScope(database, query, at)) {
    const candidate: QDoc = { path, name: docName(database.name, path), fields: doc.fields };
    if (query.matches(candidate)) {
      matches.push(candidate);
      byPath.set(path, doc);
    }
  }
  return query.finish(matches).map((d) => {
    const doc = byPath.get(d.path)!;
    // A vector search's result carries its distance in a field the stored document lacks.
    return { path: d.path, doc: d.fields === doc.fields ? doc : { ...doc, fields: d.fields } };
  });
}

function resultSignature(results: QueryResult[]): string {
  return results.map((r) => `${r.path}@${r.doc.updateTime}`).join('|');
}

/**
 * Runs a query in its read context. In a read-write transaction it locks the result documents
 * first, then records the result so the commit can check that it did not change.
 */
export async function runQueryIn(
  state: CoreState,
  context: ReadContext,
  query: CompiledQuery,
): Promise<QueryResult[]> {
  const transaction = context.transaction;
  if (!transaction || transaction.readOnly) {
    return executeQuery(context.database, query, context.at);
  }
  const first = executeQuery(context.database, query);
  await state.transactions.lockAll(
    transaction,
    first.map((r) => r.path),
  );
  if (transaction.wounded) throw aborted();
  const results = executeQuery(context.database, query);
  transaction.queries.push({
    signature: resultSignature(results),
    rerun: () => resultSignature(executeQuery(context.database, query)),
  });
  for (const r of results) {
    if (!transaction.reads.has(r.path)) transaction.reads.set(r.path, r.doc.updateTime);
  }
  context.readTime = state.clock.readTimeNow();
  return results;
}

function sumOf(values: Value[]): Value {
  if (values.every((v) => v.integerValue !== undefined)) {
    const sum = values.reduce((acc, v) => acc + BigInt(v.integerValue!), 0n);
    if (sum >= -(2n ** 63n) && sum < 2n ** 63n) return { integerValue: sum.toString() };
    return { doubleValue: Number(sum) };
  }
  return { doubleValue: values.reduce((acc, v) => acc + numberOf(v), 0) };
}

function averageOf(values: Value[]): Value {
  if (!values.length) return { nullValue: 'NULL_VALUE' };
  return { doubleValue: values.reduce((acc, v) => acc + numberOf(v), 0) / values.length };
}

/** The aggregate fields (count, sum, avg) of a StructuredAggregationQuery over `results`. */
export function aggregate(
  aggregations: StructuredAggregationQuery_Aggregation[],
  all: QueryResult[],
): Record<string, Value> {
  // Aggregations asked together see only the documents that have every summed/averaged field
  // (Firestore: "documents that don't have all the fields are excluded").
  const needed = aggregations
    .map((aggregation) => (aggregation.sum ?? aggregation.avg)?.field?.fieldPath)
    .filter((fieldPath): fieldPath is string => typeof fieldPath === 'string')
    .map((fieldPath) => parseFieldPath(fieldPath));
  const results = all.filter((r) =>
    needed.every((path) => getField(r.doc.fields, path) !== undefined),
  );
  const fields: Record<string, Value> = {};
  let unnamed = 0;
  for (const aggregation of aggregations) {
    const alias = aggregation.alias || `field_${++unnamed}`;
    if (aggregation.count) {
      // An Int64Value, or its number from an in-process caller.
      const upTo: unknown = aggregation.count.upTo;
      const limit = upTo ? Number((upTo as { value?: unknown }).value ?? upTo) : Infinity;
      fields[alias] = { integerValue: String(Math.min(results.length, limit)) };
    } else if (aggregation.sum || aggregation.avg) {
      const path = parseFieldPath((aggregation.sum ?? aggregation.avg)!.field?.fieldPath);
      const numbers = results
        .map((r) => getField(r.doc.fields, path))
        .filter((v): v is Value => isNumber(v));
      fields[alias] = aggregation.sum ? sumOf(numbers) : averageOf(numbers);
    } else throw invalidArgument('Unsupported aggregation');
  }
  return fields;
}
