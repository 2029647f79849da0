/**
 * Finds the repository paths a doc names that do not exist, so a doc cannot keep pointing at a
 * file that was moved or removed (`npm run check` runs `scripts/check-doc-paths.ts`).
 *
 * What counts as a path, per line of a doc:
 * - a link's target that is relative (`[api](api.md)`), resolved from the doc's folder;
 * - a code span that is one path-like word with a `/` (`` `web/src/lib/toast.ts` ``), and a
 *   word of the prose shaped the same (docs/api.md), when its first segment is an entry of the
 *   repository's root, or of the doc's own package (a README's `src/app/`).
 * - a Markdown file named without a folder (`SPEC.md`), from the doc's folder or else the root:
 *   a doc cites no document the repository lacks (the product's first papers live outside it).
 * Glob patterns and placeholders (`*`, `<feature>`, `{es,en}`) are not paths: a code span with
 * one is skipped, and a prose word stops before it (`web/src/features/<feature>/` is checked as
 * `web/src/features/`). Links outside the repository (`../shared`, URLs, anchors) are skipped.
 */
import { posix } from 'node:path';

export interface NamedPath {
  line: number;
  /** As written, for the message. */
  written: string;
  /** From the repository's root. */
  path: string;
}

/** What the check needs of the repository, so a test can give it a small one. */
export interface RepositoryTree {
  /** The names in a folder (repository-relative, '' for the root). */
  entries(folder: string): ReadonlySet<string>;
  /** Whether a repository-relative path is there, or is a build's output that git ignores. */
  exists(path: string): boolean;
}

const PATH_WORD = /^[\w@.-]+(?:\/[\w@.-]*)+$/;
const PROSE_PATH = /(?<![\w/.@-])[\w@-][\w@.-]*\/[\w@./-]*[\w/]/g;
const CODE_SPAN = /`([^`\n]+)`/g;
const LINK = /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** A Markdown file named without a folder: `SPEC.md`, `README.md` (not `docs/api.md`). */
const BARE_DOC = /(?<![\w/.@-])[\w-]+\.md\b(?![\w/])/g;

/** The folder of the package a doc belongs to ('' for a doc of the root). */
export type PackageOf = (doc: string) => string;

export function pathsNamedIn(
  doc: string,
  markdown: string,
  tree: RepositoryTree,
  packageOf: PackageOf,
): NamedPath[] {
  const docFolder = posix.dirname(doc) === '.' ? '' : posix.dirname(doc);
  const bases = [...new Set([packageOf(doc), ''])];
  const fromBases = (word: string): string | null => {
    const cleaned = word.replace(/^\.\//, '').replace(/:\d+(?::\d+)?$/, '');
    const first = cleaned.split('/')[0] ?? '';
    const base = bases.find((folder) => tree.entries(folder).has(first));
    return base === undefined ? null : posix.join(base, cleaned);
  };
  const named: NamedPath[] = [];
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    for (const [, span = ''] of text.matchAll(CODE_SPAN)) {
      const word = span.trim();
      if (!PATH_WORD.test(word.replace(/:\d+(?::\d+)?$/, ''))) continue;
      const path = fromBases(word);
      if (path !== null) named.push({ line, written: word, path });
    }
    for (const [, target = ''] of text.matchAll(LINK)) {
      if (/^[a-z][\w+.-]*:/i.test(target) || target.startsWith('#')) continue;
      const file = decodeURI(target.split('#')[0] ?? '');
      if (file === '') continue;
      const path = posix.normalize(posix.join(docFolder, file));
      if (path.startsWith('..')) continue;
      named.push({ line, written: target, path });
    }
    const prose = text.replace(CODE_SPAN, ' ').replace(LINK, ' ');
    for (const [word] of prose.matchAll(PROSE_PATH)) {
      const path = fromBases(word);
      if (path !== null) named.push({ line, written: word, path });
    }
    // A document named alone (`SPEC.md`, `api.md`) is the doc folder's, or the root's.
    for (const [word] of text.replace(LINK, ' ').matchAll(BARE_DOC)) {
      const beside = posix.join(docFolder, word);
      named.push({ line, written: word, path: tree.exists(beside) ? beside : word });
    }
  });
  return named;
}

/** `web/.env.production`, `functions/.env`: files the operator writes (docs/deploy.md). */
function isEnvironmentFile(path: string): boolean {
  return posix.basename(path).startsWith('.env');
}

export interface MissingPath {
  doc: string;
  line: number;
  written: string;
  /** From the repository's root. */
  path: string;
}

/** Every path named by the docs that the tree does not have, in the docs' order. */
export function missingDocPaths(
  docs: ReadonlyArray<{ path: string; text: string }>,
  tree: RepositoryTree,
  packageOf: PackageOf,
): MissingPath[] {
  return docs.flatMap((doc) =>
    pathsNamedIn(doc.path, doc.text, tree, packageOf)
      .filter(
        (named) => !isEnvironmentFile(named.path) && !tree.exists(named.path.replace(/\/$/, '')),
      )
      .map((named) => ({ doc: doc.path, ...named })),
  );
}

/**
 * Lines that cite an issue of this project by number ("issue 30", "issue #29"): a doc says what
 * is true and why, not which ticket asked for it. An issue of another project, written as a link
 * to it, is evidence a reader can follow and is left alone.
 */
export function issueCitationsIn(markdown: string): Array<{ line: number; written: string }> {
  const citations: Array<{ line: number; written: string }> = [];
  markdown.split('\n').forEach((text, index) => {
    const outsideLinks = text.replace(/\[[^\]]*\]\([^)]*\)/g, ' ');
    for (const [written] of outsideLinks.matchAll(/\bissues? #?\d+/gi)) {
      citations.push({ line: index + 1, written });
    }
  });
  return citations;
}
