/**
 * Values Firestore refuses to store (INVALID_ARGUMENT), checked on every written document:
 * reserved (`__x__`) and empty field names at any depth, an array directly inside an array,
 * references that are not document names, geopoints off the globe, maps nested deeper than 20
 * levels. Timestamps are checked where they are normalised (`normTimestamp`).
 */
import { Code, FirestoreError } from '../backend.ts';
import { parseDocumentName } from './paths.ts';
import { invalidArgument } from './transactions.ts';
import { fieldsSize, strSize, valueSize, type Fields, type Value } from './values.ts';

function refuse(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

const RESERVED = /^__.*__$/;

/**
 * A vector value (`FieldValue.vector`) is the one map a reserved name may appear in:
 * `{__type__: '__vector__', value: [numbers]}`, and nothing else.
 */
function checkVector(fields: Fields, path: string): void {
  if (fields.__type__?.stringValue !== '__vector__' || fields.value?.arrayValue === undefined)
    throw refuse(`Property ${path} contains an invalid nested entity.`);
  if (Object.keys(fields).some((key) => key !== '__type__' && key !== 'value'))
    throw refuse('Vector Value map has extraneous entries.');
  const elements = (fields.value.arrayValue.values ?? []) as Value[];
  if (elements.length === 0) throw refuse('Vector must have at least one dimension.');
  if (elements.some((e) => e.doubleValue === undefined))
    throw refuse("Vector must only contain values of type 'double'");
  if (elements.some((e) => Number.isNaN(Number(e.doubleValue))))
    throw refuse('Vector cannot contain NaN values.');
}

const MAX_NESTING_DEPTH = 20;

/** Checks one value (at `depth`: the level of the map holding it); returns its size in bytes. */
function checkValue(value: Value, path: string, insideArray: boolean, depth: number): number {
  if (value.arrayValue) {
    if (insideArray)
      throw refuse(`Cannot have an array value in an array value (field '${path}').`);
    const elements = (value.arrayValue.values ?? []) as Value[];
    let size = 0;
    for (let i = 0; i < elements.length; i++) size += checkValue(elements[i]!, path, true, depth);
    return size;
  }
  if (value.mapValue) {
    const fields = (value.mapValue.fields ?? {}) as Fields;
    if (fields.__type__ === undefined) return checkFields(fields, path, depth + 1);
    checkVector(fields, path);
    checkDepth(depth + 1);
    return fieldsSize(fields);
  }
  if (value.referenceValue !== undefined) {
    try {
      parseDocumentName(String(value.referenceValue));
    } catch {
      throw refuse(`Field '${path}' is not a valid document reference: "${value.referenceValue}".`);
    }
  } else if (value.geoPointValue) {
    const { latitude, longitude } = value.geoPointValue as { latitude: number; longitude: number };
    const degrees = (n: number) => (Number.isInteger(n) ? n.toFixed(1) : String(n));
    if (!(Math.abs(latitude) <= 90))
      throw refuse(
        `Geo point latitude '${degrees(latitude)}' outside permitted range -90.0 to 90.0.`,
      );
    if (!(Math.abs(longitude) <= 180))
      throw refuse(
        `Geo point longitude '${degrees(longitude)}' outside permitted range -180.0 to 180.0.`,
      );
  }
  return valueSize(value);
}

function checkDepth(depth: number): void {
  // The document's own fields are level 0; maps may nest 20 levels below it.
  if (depth > MAX_NESTING_DEPTH) {
    throw invalidArgument('Document has a field nested deeper than 20 levels');
  }
}

function checkFields(fields: Fields, prefix: string, depth: number): number {
  checkDepth(depth);
  // Indexed loops, no entries arrays: without TurboFan every iteration of for-of allocates.
  const keys = Object.keys(fields);
  let size = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const path = prefix ? `${prefix}.${key}` : key;
    if (key === '') throw refuse(`Field names cannot be empty (in '${prefix || 'the document'}').`);
    if (key.startsWith('__') && RESERVED.test(key))
      throw refuse(`Field name '${path}' is reserved (names like __x__ are).`);
    size += strSize(key) + checkValue(fields[key]!, path, false, depth);
  }
  return size;
}

/**
 * Checks the fields a write leaves (names, values, maps nested at most 20 levels) in one walk,
 * and returns their size by Firestore's rules (`fieldsSize`), for the document-size limit.
 */
export function checkWrittenFields(fields: Fields): number {
  return checkFields(fields, '', 0);
}
