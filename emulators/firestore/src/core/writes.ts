/**
 * Writes of a commit, staged all together (all or nothing): preconditions, update masks,
 * transforms, the checks of ./value-validation.ts and the size limit. Nothing is stored until `storeStaged`.
 */
import { Code, FirestoreError } from '../backend.ts';
import type { Precondition, Write, WriteResult } from '../proto-types.ts';
import { fromTimestamp, toTimestamp, type Micros } from './clock.ts';
import { deleteField, getField, parseDocumentName, parseFieldPath, setField } from './paths.ts';
import type { Change, Database, StoredDoc } from './storage.ts';
import { applyTransform } from './transforms.ts';
import { checkWrittenFields } from './value-validation.ts';
import { invalidArgument } from './transactions.ts';
import {
  documentSize,
  fieldsIdentical,
  MAX_DOC_SIZE,
  normalizeFields,
  type Fields,
  type Value,
} from './values.ts';

/** One write of a commit, as staged. */
export interface StagedWrite {
  /** The document's full name. */
  name: string;
  path: string;
  operation: 'update' | 'delete' | 'verify' | 'transform';
  /** The document before this write (after the earlier writes of the same commit). */
  before: StoredDoc | null;
  /** The document after this write. */
  after: StoredDoc | null;
}

export interface StagedCommit {
  results: WriteResult[];
  writes: StagedWrite[];
  /** Path -> the document after the whole commit. */
  staged: Map<string, StoredDoc | null>;
  /** Path -> the document before the commit. */
  original: Map<string, StoredDoc | null>;
}

/** The document name a Write acts on. */
export function writeTarget(write: Write): string | undefined {
  return write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
}

function checkPrecondition(
  precondition: Precondition | undefined,
  current: StoredDoc | null,
  name: string,
) {
  if (!precondition) return;
  const hasExists = precondition.exists !== undefined && precondition.exists !== null;
  const type = precondition.conditionType;
  if (hasExists && (type === undefined || type === 'exists')) {
    if (precondition.exists && !current) {
      throw new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
    }
    if (!precondition.exists && current) {
      throw new FirestoreError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
    }
    return;
  }
  if (precondition.updateTime) {
    const time = fromTimestamp(precondition.updateTime);
    if (!current || current.updateTime !== time) {
      throw new FirestoreError(
        Code.FAILED_PRECONDITION,
        `The document's update time does not match the precondition: ${name}`,
      );
    }
  }
}

/** The document-size limit, on the fields' size as `checkWrittenFields` counted it. */
function checkSize(name: string, fieldsBytes: number): void {
  const size = documentSize(name, fieldsBytes);
  if (size > MAX_DOC_SIZE) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size} bytes) exceeds the ` +
        `maximum allowed size of ${MAX_DOC_SIZE} bytes.`,
    );
  }
}

/** The fields an update write leaves: all given fields, or only the masked ones merged in. */
function updatedFields(write: Write, before: StoredDoc | null): Fields {
  if (!write.update) return before?.fields ?? {};
  const given = normalizeFields(write.update.fields ?? {});
  if (!write.updateMask) return given;
  let fields = before?.fields ?? {};
  for (const fieldPath of write.updateMask.fieldPaths ?? []) {
    const path = parseFieldPath(fieldPath);
    const value = getField(given, path);
    fields = value === undefined ? deleteField(fields, path) : setField(fields, path, value);
  }
  return fields;
}

/** Stages `writes` at `commitTime`. Throws on the first failing write; nothing is stored. */
export function stageWrites(database: Database, writes: Write[], commitTime: Micros): StagedCommit {
  const staged = new Map<string, StoredDoc | null>();
  const original = new Map<string, StoredDoc | null>();
  const results: WriteResult[] = [];
  const stagedWrites: StagedWrite[] = [];
  const current = (path: string) => (staged.has(path) ? staged.get(path)! : database.get(path));
  // One timestamp object for every result at the commit time (a batch's results share it).
  const committed = toTimestamp(commitTime);
  for (let i = 0; i < writes.length; i++) {
    const write = writes[i]!;
    const name = writeTarget(write);
    if (!name) throw invalidArgument('Write must have an operation');
    const parsed = parseDocumentName(name);
    if (parsed.db !== database.name) {
      throw invalidArgument(`Document ${name} is not in database ${database.name}`);
    }
    const path = parsed.path;
    const before = current(path);
    if (!original.has(path)) original.set(path, database.get(path));
    // Firestore refuses an update that needs the document (exists: true) after this same
    // commit deleted it, rather than answering NOT_FOUND.
    if (staged.get(path) === null && write.update && write.currentDocument?.exists === true)
      throw invalidArgument('Cannot delete then update an entity in the same request.');
    checkPrecondition(write.currentDocument, before, name);
    if (write.verify) {
      stagedWrites.push({ name, path, operation: 'verify', before, after: before });
      results.push({ updateTime: committed });
      continue;
    }
    if (write.delete) {
      staged.set(path, null);
      stagedWrites.push({ name, path, operation: 'delete', before, after: null });
      results.push(before ? { updateTime: committed } : {});
      continue;
    }
    let fields = updatedFields(write, before);
    const transformResults: Value[] = [];
    const transforms =
      (write.update ? write.updateTransforms : write.transform?.fieldTransforms) ?? [];
    for (const transform of transforms) {
      const applied = applyTransform(fields, transform, commitTime);
      fields = applied.fields;
      transformResults.push(applied.result);
    }
    checkSize(name, checkWrittenFields(fields));
    const after: StoredDoc =
      before && fieldsIdentical(before.fields, fields)
        ? before
        : { fields, createTime: before?.createTime ?? commitTime, updateTime: commitTime };
    staged.set(path, after);
    const operation = write.update ? 'update' : 'transform';
    stagedWrites.push({ name, path, operation, before, after });
    const updateTime = after.updateTime === commitTime ? committed : toTimestamp(after.updateTime);
    const result: WriteResult = { updateTime };
    if (transforms.length) result.transformResults = transformResults;
    results.push(result);
  }
  return { results, writes: stagedWrites, staged, original };
}

/** Stores a staged commit; returns the documents that really changed. */
export function storeStaged(
  database: Database,
  commit: StagedCommit,
  commitTime: Micros,
): Change[] {
  const changes: Change[] = [];
  // forEach, not for-of: without TurboFan each for-of step allocates its [key, value].
  commit.staged.forEach((after, path) => {
    const before = commit.original.get(path) ?? null;
    if (before === after) return;
    database.put(path, commitTime, after);
    changes.push({ path, before, after });
  });
  return changes;
}
