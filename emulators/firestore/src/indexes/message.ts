/**
 * The FAILED_PRECONDITION message of a query production would refuse: production's sentence and
 * console link (its `create_composite` / `create_exemption` parameter is the Admin API's `Index`
 * or `Field` message, protobuf-encoded, in base64), then the definition to paste into
 * `firestore.indexes.json`.
 */
import type { DbRef } from '../core/paths.ts';
import type { IndexField, SingleFieldIndex } from './config.ts';
import type { IndexNeed } from './planner.ts';

const SCOPES = { COLLECTION: 1, COLLECTION_GROUP: 2 } as const;
const ORDERS = { ASCENDING: 1, DESCENDING: 2 } as const;
const CONTAINS = 1;

/** Just enough protobuf: varints, and length-delimited strings and messages. */
class ProtoWriter {
  private readonly bytes: number[] = [];
  private varint(value: number): void {
    let v = value;
    while (v > 0x7f) {
      this.bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    this.bytes.push(v);
  }
  enumField(field: number, value: number): this {
    this.varint(field << 3);
    this.varint(value);
    return this;
  }
  bytesField(field: number, data: Uint8Array): this {
    this.varint((field << 3) | 2);
    this.varint(data.length);
    this.bytes.push(...data);
    return this;
  }
  stringField(field: number, text: string): this {
    return this.bytesField(field, Buffer.from(text, 'utf8'));
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function encodeIndexField(field: IndexField | SingleFieldIndex, fieldPath?: string): Uint8Array {
  const writer = new ProtoWriter();
  if (fieldPath !== undefined) writer.stringField(1, fieldPath);
  if (field.order) writer.enumField(2, ORDERS[field.order]);
  else writer.enumField(3, CONTAINS);
  return writer.finish();
}

function collectionGroupName(db: DbRef, collectionGroup: string): string {
  return `${db.db}/collectionGroups/${collectionGroup}`;
}

/** Admin API `Index` (name, query_scope, fields), with production's trailing `__name__`. */
function encodeIndex(db: DbRef, need: Extract<IndexNeed, { kind: 'composite' }>): Uint8Array {
  const { index } = need;
  const writer = new ProtoWriter()
    .stringField(1, `${collectionGroupName(db, index.collectionGroup)}/indexes/_`)
    .enumField(2, SCOPES[index.queryScope]);
  const fields = [...index.fields];
  const last = fields[fields.length - 1];
  if (last?.fieldPath !== '__name__')
    fields.push({ fieldPath: '__name__', order: last?.order ?? 'ASCENDING' });
  for (const field of fields) writer.bytesField(3, encodeIndexField(field, field.fieldPath));
  return writer.finish();
}

/** Admin API `Field` (name, index_config.indexes) for a single-field index. */
function encodeField(db: DbRef, need: Extract<IndexNeed, { kind: 'single-field' }>): Uint8Array {
  const index = new ProtoWriter()
    .enumField(2, SCOPES[need.index.queryScope])
    .bytesField(3, encodeIndexField(need.index, need.fieldPath))
    .finish();
  return new ProtoWriter()
    .stringField(1, `${collectionGroupName(db, need.collectionGroup)}/fields/${need.fieldPath}`)
    .bytesField(2, new ProtoWriter().bytesField(1, index).finish())
    .finish();
}

function consoleLink(db: DbRef, parameter: string, message: Uint8Array): string {
  const database = db.database === '(default)' ? '' : `databases/${db.database}/`;
  const encoded = Buffer.from(message).toString('base64').replace(/=+$/, '');
  return `https://console.firebase.google.com/v1/r/project/${db.project}/firestore/${database}indexes?${parameter}=${encoded}`;
}

function singleFieldKind(index: SingleFieldIndex): string {
  if (index.arrayConfig) return `${index.queryScope}_ARRAY_CONTAINS`;
  return `${index.queryScope}_${index.order === 'DESCENDING' ? 'DESC' : 'ASC'}`;
}

export interface IndexDefinitions {
  indexes: unknown[];
  fieldOverrides: unknown[];
}

/** The part of `firestore.indexes.json` that makes the query servable. */
export function definitionFor(needs: IndexNeed[]): IndexDefinitions {
  return {
    indexes: needs.flatMap((need) => (need.kind === 'composite' ? [need.index] : [])),
    fieldOverrides: needs.flatMap((need) =>
      need.kind === 'single-field'
        ? [
            {
              collectionGroup: need.collectionGroup,
              fieldPath: need.fieldPath,
              indexes: need.indexes,
            },
          ]
        : [],
    ),
  };
}

/** Production's sentence and link for the first index needed, then every definition to paste. */
export function indexNeededMessage(db: DbRef, needs: IndexNeed[]): string {
  const need = needs[0]!;
  const first =
    need.kind === 'composite'
      ? `The query requires an index. You can create it here: ${consoleLink(db, 'create_composite', encodeIndex(db, need))}`
      : `The query requires a ${singleFieldKind(need.index)} index for collection ${need.collectionGroup} and field ${need.fieldPath}. You can create it here: ${consoleLink(db, 'create_exemption', encodeField(db, need))}`;
  return `${first}\nOr add to firestore.indexes.json: ${JSON.stringify(definitionFor(needs))}`;
}
