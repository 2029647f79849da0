/**
 * The staff screens' texts (`staff/<language>.json`) load only with a staff page
 * (`staffPage` in app/router.tsx): a key of theirs used anywhere else would show as the key
 * itself to a donor. Every use of one of their namespaces is in the staff's code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import staffEs from './staff/es.json';
import es from './es.json';

const SRC = join(import.meta.dirname, '..');

/** Where a staff text may be used: the staff feature and the staff pages' routes. */
const isStaffCode = (path: string) =>
  path.startsWith('features/staff/') || /^app\/routes\/staff-[\w-]+\.tsx$/.test(path);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the staff screens’ texts', () => {
  it('share no namespace with the site’s catalogue', () => {
    expect(Object.keys(staffEs).filter((namespace) => namespace in es)).toEqual([]);
  });

  it('are used only by the staff’s code', () => {
    const misplaced: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const path = relative(SRC, file).replaceAll('\\', '/');
      if (isStaffCode(path)) continue;
      const text = readFileSync(file, 'utf8');
      for (const namespace of Object.keys(staffEs)) {
        if (new RegExp(`['"\`]${namespace}\\.`).test(text)) misplaced.push(`${path}: ${namespace}`);
      }
    }
    expect(misplaced).toEqual([]);
  });
});
