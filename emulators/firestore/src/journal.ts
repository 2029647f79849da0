/**
 * The journal: `DIR/firestore_journal.jsonl` beside `DIR/firestore_export.json`, one line per
 * commit that changed documents, appended with a synchronous write before the commit is
 * acknowledged. The line is then in the kernel's page cache, so it survives the process being
 * killed (SIGKILL, a crash), though not the machine losing power (no fsync: that would cost
 * milliseconds per commit; see README, Persistence). At start the journal is replayed over the
 * export; a clean exit (and a journal grown past COMPACT_BYTES) folds it into the export.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Backend, ExportedData, JournalEntry } from './core/index.ts';
import { journalEntryOf } from './core/index.ts';
import { writeExportSync } from './persistence.ts';

export const JOURNAL_FILE = 'firestore_journal.jsonl';
/** A journal this long is folded into the export (a synchronous export, about 50 ms at 10,000 documents). */
const COMPACT_BYTES = 16 * 1024 * 1024;

/**
 * Replays `dir`'s journal over what was imported: the commits after the export's
 * `committedThrough`, in order. A last line cut short by a kill is ignored. Returns how many
 * commits were replayed.
 */
export function replayJournal(dir: string, backend: Backend, imported?: ExportedData): number {
  let text: string;
  try {
    text = fs.readFileSync(path.join(path.resolve(dir), JOURNAL_FILE), 'utf8');
  } catch {
    return 0;
  }
  const after = imported?.committedThrough ?? 0;
  let replayed = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      break; // the line being written when the process died: never acknowledged
    }
    if (entry.t <= after) continue;
    backend.applyJournalEntry(entry);
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
  let fd = fs.openSync(file, 'a');
  let bytes = fs.fstatSync(fd).size;
  const fold = () => {
    writeExportSync(folder, backend.exportData());
    fs.ftruncateSync(fd, 0);
    bytes = 0;
  };
  if (bytes > 0 || !fs.existsSync(path.join(folder, 'firestore_export.json'))) fold();
  const unhook = backend.onChange((database, changes, commitTime) => {
    const line = JSON.stringify(journalEntryOf(database, changes, commitTime)) + '\n';
    try {
      bytes += fs.writeSync(fd, line);
      if (bytes > COMPACT_BYTES) fold();
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
