/** The emulator's own export format (see README: Persistence). */
import { decodeFields, encodeFields, type JsonValue } from './codec.ts';
import type { CoreState } from './state.ts';
import { compareStrings } from './values.ts';

export interface ExportedData {
  version: 1;
  /** Every commit up to this time is in the export: a journal replay skips them. */
  committedThrough?: number;
  databases: {
    project: string;
    database: string;
    documents: {
      path: string;
      createTime: number;
      updateTime: number;
      fields: Record<string, JsonValue>;
    }[];
  }[];
}

export function exportData(state: CoreState): ExportedData {
  const exported: ExportedData = {
    version: 1,
    committedThrough: state.clock.latest(),
    databases: [],
  };
  for (const database of state.databases.all()) {
    const documents = [...database.all()]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([path, doc]) => ({
        path,
        createTime: doc.createTime,
        updateTime: doc.updateTime,
        fields: encodeFields(doc.fields),
      }));
    if (documents.length) {
      exported.databases.push({
        project: database.project,
        database: database.database,
        documents,
      });
    }
  }
  return exported;
}

export function importData(state: CoreState, data: ExportedData): void {
  if (!data || data.version !== 1 || !Array.isArray(data.databases)) {
    throw new Error('Unsupported export format');
  }
  if (data.committedThrough) state.clock.observe(data.committedThrough);
  for (const entry of data.databases) {
    const db = `projects/${entry.project}/databases/${entry.database}`;
    const database = state.databases.databaseFor({
      project: entry.project,
      database: entry.database,
      db,
    });
    database.clear();
    for (const document of entry.documents) {
      const { createTime, updateTime } = document;
      const fields = decodeFields(document.fields);
      database.put(document.path, updateTime, { fields, createTime, updateTime });
      state.clock.observe(updateTime);
    }
  }
}
