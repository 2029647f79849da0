/**
 * Values Firestore refuses to store (INVALID_ARGUMENT), checked on every written document:
 * reserved (`__x__`) and empty field names at any depth, an array directly inside an array,
 * references that are not document names, geopoints off the globe. Timestamps are checked
 * where they are normalised (`normTimestamp`).
 */
import { Code, FirestoreError } from '../backend.ts';
import { parseDocumentName } from './paths.ts';
import type { Fields, Value } from './values.ts';

function refuse(message: string): FirestoreError {
  return new FirestoreError(Code.INVALID_ARGUMENT, message);
}

const RESERVED = /^__.*__$/;

function checkValue(value: Value, path: string, insideArray: boolean): void {
  if (value.arrayValue) {
    if (insideArray)
      throw refuse(`Cannot have an array value in an array value (field '${path}').`);
    for (const element of (value.arrayValue.values ?? []) as Value[])
      checkValue(element, path, true);
  } else if (value.mapValue) {
    checkWrittenFields((value.mapValue.fields ?? {}) as Fields, path);
  } else if (value.referenceValue !== undefined) {
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
}

export function checkWrittenFields(fields: Fields, prefix = ''): void {
  for (const [key, value] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (key === '') throw refuse(`Field names cannot be empty (in '${prefix || 'the document'}').`);
    if (RESERVED.test(key))
      throw refuse(`Field name '${path}' is reserved (names like __x__ are).`);
    checkValue(value, path, false);
  }
}
