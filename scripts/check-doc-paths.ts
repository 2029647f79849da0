/**
 * `npm run check`'s doc-path check: every doc (each `*.md` git knows or would add, so no
 * `node_modules`) names only repository paths that exist, and cites no issue of this project by
 * number; prints `doc:line: path` for each path that does not exist (and `doc:line: cites issue
 * N`) and exits 1. The rules of what counts as a path: `testkit/src/doc-paths.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  issueCitationsIn,
  missingDocPaths,
  type RepositoryTree,
} from '../testkit/src/doc-paths.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const git = (args: string[], input?: string): string => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', input });
  } catch (error) {
    // `git check-ignore` exits 1 when none of the paths is ignored.
    const { status, stdout } = error as { status?: number; stdout?: string };
    if (status === 1) return stdout ?? '';
    throw error;
  }
};

const docs = git(['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'])
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(ROOT, path)))
  .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

const entries = new Map<string, ReadonlySet<string>>();
const onDisk: RepositoryTree = {
  entries(folder) {
    let names = entries.get(folder);
    if (!names) {
      names = new Set(readdirSync(join(ROOT, folder)).filter((name) => name !== 'node_modules'));
      entries.set(folder, names);
    }
    return names;
  },
  exists: (path) => existsSync(join(ROOT, path)),
};

/** The nearest folder above a doc with a package.json: its package ('' for the root's). */
const packageOf = (doc: string): string => {
  for (let folder = dirname(doc); folder !== '.'; folder = dirname(folder)) {
    if (existsSync(join(ROOT, folder, 'package.json'))) return folder;
  }
  return '';
};

const missing = missingDocPaths(docs, onDisk, packageOf);
// A path git ignores is a build's or a run's output (web/dist, tests/test-results): it is
// there once built, so naming it is not a stale path.
// Each is asked as a file and as a folder: a missing path cannot tell git which it is, and a
// folder-only pattern (`dist/`) matches `web/dist/` but not `web/dist`.
const candidates = [...new Set(missing.map((problem) => problem.path))];
const ignored = new Set(
  git(
    ['check-ignore', '--no-index', '--stdin'],
    candidates.flatMap((path) => [path, `${path}/`]).join('\n'),
  )
    .split('\n')
    .map((path) => path.replace(/\/$/, '')),
);
const stale = missing.filter((problem) => !ignored.has(problem.path));

for (const { doc, line, written } of stale) console.log(`${doc}:${line}: ${written}`);
const citations = docs.flatMap((doc) =>
  issueCitationsIn(doc.text).map(({ line, written }) => `${doc.path}:${line}: cites ${written}`),
);
for (const citation of citations) console.log(citation);
if (stale.length > 0 || citations.length > 0) {
  console.log(
    `doc paths: ${stale.length} named path(s) do not exist, ${citations.length} issue citation(s)`,
  );
  process.exitCode = 1;
} else {
  console.log(`doc paths: ${docs.length} docs, every named path exists`);
}
