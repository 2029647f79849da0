/**
 * Vector search: a StructuredQuery's `findNearest`, answered as Google's emulator answers it
 * (observed on its jar, see the README's differential table): the documents the query's filters
 * admit whose vector field has the query vector's dimension, ordered by distance (EUCLIDEAN and
 * COSINE nearest first, DOT_PRODUCT largest first; ties by document name), cut by
 * `distanceThreshold` and `limit`, each with its distance in `distanceResultField` when named.
 * No vector index is required, as in Google's emulator.
 */
import type { StructuredQuery, StructuredQuery_FindNearest } from '../proto-types.ts';
import { parseFieldPath, getField } from './paths.ts';
import { invalidArgument } from './transactions.ts';
import { compareReferences, type Fields, type Value } from './values.ts';

/** A document as the query engine sees it (the shape of `QDoc`). */
interface Candidate {
  path: string;
  fields: Fields;
}

type Measure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

/** Firestore's documented maximum of `findNearest.limit`. */
const MAX_NEAREST = 1000;

/** The elements of a vector value (`{__type__: '__vector__', value: [doubles]}`), else undefined. */
export function vectorElements(value: Value | undefined): Value[] | undefined {
  const fields = value?.mapValue?.fields;
  if (fields?.__type__?.stringValue !== '__vector__') return undefined;
  return (fields.value?.arrayValue?.values ?? []) as Value[];
}

/** A wrapper (`Int32Value`, `DoubleValue`) as JSON gives it (a number) or as gRPC does (`{value}`). */
function unwrap(wrapper: unknown): number | undefined {
  if (wrapper === undefined || wrapper === null) return undefined;
  const raw = typeof wrapper === 'object' ? (wrapper as { value?: unknown }).value : wrapper;
  return Number(raw ?? 0);
}

function readQueryVector(value: Value | undefined): number[] {
  if (!value || Object.keys(value).every((key) => key === 'valueType'))
    throw invalidArgument('Cannot convert firestore.v1.Value with type unset.');
  const elements = vectorElements(value);
  if (!elements) throw invalidArgument('Query Value must be of type vector.');
  if (elements.length === 0) throw invalidArgument('Cannot have a zero length vector.');
  if (elements.some((element) => element.doubleValue === undefined))
    throw invalidArgument("Vector must only contain values of type 'double'");
  // A query vector may hold NaN (every distance is then NaN); a stored one may not.
  return elements.map((element) => Number(element.doubleValue));
}

/** What `findNearest` asks, read and checked (INVALID_ARGUMENT as Google's emulator words it). */
export interface NearestSearch {
  vectorPath: string[];
  queryVector: number[];
  measure: Measure;
  limit: number;
  threshold: number | undefined;
  /** The top-level field (a name, not a path) that receives each result's distance. */
  resultField: string | undefined;
}

export function readFindNearest(query: StructuredQuery): NearestSearch {
  const nearest = query.findNearest as StructuredQuery_FindNearest;
  if (query.limit !== undefined && query.limit !== null)
    throw invalidArgument('A query limit cannot be used with FindNearest');
  if (Number(query.offset ?? 0) !== 0)
    throw invalidArgument('A query offset cannot be used with FindNearest');
  if (query.startAt || query.endAt)
    throw invalidArgument('A cursor cannot be used with FindNearest');
  const fieldPath = nearest.vectorField?.fieldPath;
  if (!fieldPath) throw invalidArgument('Invalid empty property path string.');
  const vectorPath = parseFieldPath(fieldPath);
  const queryVector = readQueryVector(nearest.queryVector);
  const measure: unknown = nearest.distanceMeasure;
  if (measure !== 'EUCLIDEAN' && measure !== 'COSINE' && measure !== 'DOT_PRODUCT')
    throw invalidArgument('Unknown Distance Measure.');
  const limit = unwrap(nearest.limit);
  if (limit === undefined || !Number.isInteger(limit) || limit <= 0 || limit > MAX_NEAREST)
    throw invalidArgument(
      `FindNearest.limit must be a positive integer of no more than ${MAX_NEAREST}`,
    );
  const threshold = unwrap(nearest.distanceThreshold);
  if (threshold !== undefined && !Number.isFinite(threshold))
    throw invalidArgument('distanceThreshold must be a finite number.');
  const resultField = nearest.distanceResultField || undefined;
  if (resultField !== undefined && /^__.*__$/.test(resultField))
    throw invalidArgument(`The distanceResultField.property.name "${resultField}" is reserved.`);
  return { vectorPath, queryVector, measure, limit, threshold, resultField };
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The distance of `vector` from the query vector; the formulas give Google's doubles bit for bit. */
function distance(measure: Measure, query: number[], vector: number[]): number {
  if (measure === 'DOT_PRODUCT') return dot(query, vector);
  if (measure === 'COSINE')
    return 1 - dot(query, vector) / Math.sqrt(dot(query, query) * dot(vector, vector));
  let sum = 0;
  for (let i = 0; i < query.length; i++) {
    const difference = vector[i]! - query[i]!;
    sum += difference * difference;
  }
  return Math.sqrt(sum);
}

/** Java's `Double.compare`, which Google's emulator orders by: NaN above everything, -0 below 0. */
function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  const aNaN = Number.isNaN(a);
  const bNaN = Number.isNaN(b);
  if (aNaN || bNaN) return aNaN === bNaN ? 0 : aNaN ? 1 : -1;
  const aNegativeZero = Object.is(a, -0);
  return aNegativeZero === Object.is(b, -0) ? 0 : aNegativeZero ? -1 : 1;
}

/** The nearest of `candidates` (already filtered by the query), with their distance field. */
export function nearest<T extends Candidate>(search: NearestSearch, candidates: T[]): T[] {
  const { measure, queryVector, threshold, resultField } = search;
  // DOT_PRODUCT is a similarity: the largest is the nearest, and the threshold is a minimum.
  const direction = measure === 'DOT_PRODUCT' ? -1 : 1;
  const scored: { doc: T; distance: number }[] = [];
  for (const doc of candidates) {
    const elements = vectorElements(getField(doc.fields, search.vectorPath));
    if (!elements || elements.length !== queryVector.length) continue;
    const d = distance(
      measure,
      queryVector,
      elements.map((element) => Number(element.doubleValue)),
    );
    if (threshold !== undefined && direction * compareDoubles(d, threshold) > 0) continue;
    scored.push({ doc, distance: d });
  }
  scored.sort(
    (a, b) =>
      direction * compareDoubles(a.distance, b.distance) ||
      compareReferences(a.doc.path, b.doc.path),
  );
  return scored
    .slice(0, search.limit)
    .map(({ doc, distance: d }) =>
      resultField === undefined
        ? doc
        : { ...doc, fields: { ...doc.fields, [resultField]: { doubleValue: d } } },
    );
}
