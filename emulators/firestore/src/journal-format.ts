/**
 * The journal's records on disk (`firestore_journal.bin`), appended one per commit:
 *
 *   offset 0   1 byte   kind: 1 = the documents the commit left, as the UTF-8 JSON of a
 *                       `JournalEntry` (src/core/journal-entry.ts); 2 = the protobuf bytes of
 *                       the gRPC CommitRequest as received, whose writes a replay applies again
 *   offset 1   4 bytes  length of the body (unsigned, little endian)
 *   offset 5   8 bytes  commit time in microseconds since the epoch (float64, little endian)
 *   offset 13  body
 *
 * A record cut short (the process killed while writing it, so never acknowledged) ends the
 * journal; a record of an unknown kind means the file is not this journal, and is refused.
 */

export const RECORD_DOCUMENTS = 1;
export const RECORD_COMMIT = 2;
export type RecordKind = typeof RECORD_DOCUMENTS | typeof RECORD_COMMIT;

const HEADER_BYTES = 13;

export interface JournalRecord {
  kind: RecordKind;
  commitTime: number;
  body: Buffer;
}

/** The header of a record whose body is `bodyBytes` long; the body is written after it. */
export function recordHeader(kind: RecordKind, commitTime: number, bodyBytes: number): Buffer {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header[0] = kind;
  header.writeUInt32LE(bodyBytes, 1);
  header.writeDoubleLE(commitTime, 5);
  return header;
}

/** The complete records of a journal file's bytes, in order (a torn last record left out). */
export function* readRecords(bytes: Buffer): Generator<JournalRecord> {
  let at = 0;
  while (at + HEADER_BYTES <= bytes.length) {
    const kind = bytes[at]!;
    if (kind !== RECORD_DOCUMENTS && kind !== RECORD_COMMIT) {
      throw new Error(`the journal has a record of unknown kind ${kind} at byte ${at}`);
    }
    const length = bytes.readUInt32LE(at + 1);
    const end = at + HEADER_BYTES + length;
    if (end > bytes.length) return; // cut short by a kill: never acknowledged
    yield {
      kind,
      commitTime: bytes.readDoubleLE(at + 5),
      body: bytes.subarray(at + HEADER_BYTES, end),
    };
    at = end;
  }
}
