/**
 * The journal: `DIR/firestore_journal.bin` beside `DIR/firestore_export.json`, one record per
 * commit that changed documents (format: ./journal-format.ts), appended with a synchronous write
 * before the commit is acknowledged. The record is then in the kernel's page cache, so it
 * survives the process being killed (SIGKILL, a crash), though not the machine losing power (no
 * fsync: that would cost milliseconds per commit; see README, Persistence). A gRPC Commit is
 * journaled as the request's own bytes (no serialising); any other commit as the documents it
 * left. At start the journal is replayed over the export; a clean exit (and a journal grown past
 * COMPACT_BYTES, or FOLD_RATIO times the export) folds it into the export. The JSON-lines journal of earlier versions
 * (`firestore_journal.jsonl`) is still replayed, then folded away.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Backend, ExportedData, JournalEntry } from './core/index.ts';
import { journalEntryOf } from './core/index.ts';
import { codecOf, type MessageCodecOf } from './grpc/codec.ts';
import { readRecords, RECORD_COMMIT, RECORD_DOCUMENTS, recordHeader } from './journal-format.ts';
import { EXPORT_FILE, writeExportSync } from './persistence.ts';
import { firestoreRoot } from './proto-root.ts';
import type { CommitRequest } from './proto-types.ts';
import { wireBytesOf } from './wire-bytes.ts';

export const JOURNAL_FILE = 'firestore_journal.bin';
/** The journal of earlier versions: one JSON `JournalEntry` a line. */
export const LEGACY_JOURNAL_FILE = 'firestore_journal.jsonl';
/**
 * A journal this long is folded into the export (a synchronous export, about 50 ms at 10,000
 * documents), or FOLD_RATIO times the export's size if that is more: a fold costs in
 * proportion to the export, so it comes after as many bytes of commits (at most 1/FOLD_RATIO
 * of an export's cost a journaled byte), and a replay after a kill reads at most that much.
 */
const COMPACT_BYTES = 16 * 1024 * 1024;
const FOLD_RATIO = 4;

let commitCodec: MessageCodecOf | undefined;
const commitRequestOf = (bytes: Buffer): CommitRequest =>
  (commitCodec ??= codecOf(firestoreRoot().lookupType('google.firestore.v1.CommitRequest'))).decode(
    bytes,
  ) as CommitRequest;

function readIfPresent(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The legacy JSON-lines journal's entries (a last line cut short by a kill is ignored). */
function* legacyEntries(text: string): Generator<JournalEntry> {
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      yield JSON.parse(line) as JournalEntry;
    } catch {
      return; // the line being written when the process died: never acknowledged
    }
  }
}

/**
 * Replays `dir`'s journal over what was imported: the commits after the export's
 * `committedThrough`, in order. Returns how many commits were replayed.
 */
export function replayJournal(dir: string, backend: Backend, imported?: ExportedData): number {
  const folder = path.resolve(dir);
  const after = imported?.committedThrough ?? 0;
  let replayed = 0;
  const legacy = readIfPresent(path.join(folder, LEGACY_JOURNAL_FILE));
  for (const entry of legacy ? legacyEntries(legacy.toString('utf8')) : []) {
    if (entry.t <= after) continue;
    backend.applyJournalEntry(entry);
    replayed++;
  }
  const journal = readIfPresent(path.join(folder, JOURNAL_FILE));
  for (const record of journal ? readRecords(journal) : []) {
    if (record.commitTime <= after) continue;
    if (record.kind === RECORD_COMMIT) {
      backend.replayCommit(commitRequestOf(record.body), record.commitTime);
    } else {
      backend.applyJournalEntry(JSON.parse(record.body.toString('utf8')) as JournalEntry);
    }
    replayed++;
  }
  return replayed;
}

export interface Journal {
  /** Folds the journal into the export (synchronously) and closes it. */
  close(): void;
}

/**
 * Starts journaling `backend`'s commits into `dir`: writes the current state as the export,
 * empties the journal, then appends every commit.
 */
export function startJournal(dir: string, backend: Backend, log: (line: string) => void): Journal {
  const folder = path.resolve(dir);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, JOURNAL_FILE);
  const legacy = path.join(folder, LEGACY_JOURNAL_FILE);
  const exported = path.join(folder, EXPORT_FILE);
  let fd = fs.openSync(file, 'a');
  let bytes = fs.fstatSync(fd).size;
  let foldAt = COMPACT_BYTES;
  const fold = () => {
    writeExportSync(folder, backend.exportData());
    fs.ftruncateSync(fd, 0);
    fs.rmSync(legacy, { force: true });
    bytes = 0;
    foldAt = Math.max(COMPACT_BYTES, FOLD_RATIO * fs.statSync(exported).size);
  };
  const needsFold = bytes > 0 || fs.existsSync(legacy) || !fs.existsSync(exported);
  if (needsFold) fold();
  const unhook = backend.onChange((database, changes, commitTime, request) => {
    const wire = request && wireBytesOf(request);
    const body = wire ?? Buffer.from(JSON.stringify(journalEntryOf(database, changes, commitTime)));
    const kind = wire ? RECORD_COMMIT : RECORD_DOCUMENTS;
    const header = recordHeader(kind, commitTime, body.length);
    try {
      const written = fs.writevSync(fd, [header, body]);
      bytes += written;
      if (written !== header.length + body.length) throw new Error('short write');
      if (bytes > foldAt) fold();
    } catch (e) {
      log(`firestore emulator: journal write failed: ${(e as Error).message}`);
    }
  });
  return {
    close() {
      unhook();
      if (fd < 0) return;
      try {
        fold();
      } finally {
        fs.closeSync(fd);
        fd = -1;
      }
    },
  };
}
