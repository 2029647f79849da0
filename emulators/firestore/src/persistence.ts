/**
 * Export / import of all projects and databases as one JSON file, `<dir>/firestore_export.json`.
 * Values use the tagged encoding of core/codec.ts, which round-trips every type exactly.
 * Writes are atomic: a temp file in the same directory, then rename.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ExportedData } from './core/index.ts';

export const EXPORT_FILE = 'firestore_export.json';

export async function writeExport(dir: string, data: ExportedData): Promise<string> {
  const abs = path.resolve(dir);
  await fs.promises.mkdir(abs, { recursive: true });
  const file = path.join(abs, EXPORT_FILE);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.promises.writeFile(tmp, JSON.stringify(data));
  await fs.promises.rename(tmp, file);
  return abs;
}

export function writeExportSync(dir: string, data: ExportedData): string {
  const abs = path.resolve(dir);
  fs.mkdirSync(abs, { recursive: true });
  const file = path.join(abs, EXPORT_FILE);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(data));
  fs.renameSync(tmp, file);
  return abs;
}

/** Reads an export; returns undefined when the directory has none. */
export function readExport(dir: string): ExportedData | undefined {
  const file = path.join(path.resolve(dir), EXPORT_FILE);
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ExportedData;
}
