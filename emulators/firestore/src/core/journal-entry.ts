/**
 * One commit as a line of the journal (`src/journal.ts`): the documents it left, in the export
 * codec, and how a replay applies it. A deleted document is its path alone.
 */
import { decodeFields, encodeFields, type JsonValue } from './codec.ts';
import type { Micros } from './clock.ts';
import type { CoreState } from './state.ts';
import type { Change, Database } from './storage.ts';

export type JournalWrite =
  | [path: string]
  | [path: string, createTime: Micros, updateTime: Micros, fields: Record<string, JsonValue>];

export interface JournalEntry {
  /** project */
  p: string;
  /** database id */
  d: string;
  /** commit time */
  t: Micros;
  w: JournalWrite[];
}

export function journalEntryOf(
  database: Database,
  changes: Change[],
  commitTime: Micros,
): JournalEntry {
  return {
    p: database.project,
    d: database.database,
    t: commitTime,
    w: changes.map(({ path, after }): JournalWrite =>
      after ? [path, after.createTime, after.updateTime, encodeFields(after.fields)] : [path],
    ),
  };
}

/** Applies a journaled commit to the state, as the commit itself did (no listeners yet). */
export function applyJournalEntry(state: CoreState, entry: JournalEntry): void {
  const database = state.databases.databaseFor({
    project: entry.p,
    database: entry.d,
    db: `projects/${entry.p}/databases/${entry.d}`,
  });
  for (const write of entry.w) {
    if (write.length === 1) database.put(write[0], entry.t, null);
    else {
      const [path, createTime, updateTime, fields] = write;
      database.put(path, entry.t, { fields: decodeFields(fields), createTime, updateTime });
    }
  }
  state.clock.observe(entry.t);
}
