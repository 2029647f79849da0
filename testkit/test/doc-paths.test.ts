import { describe, expect, it } from 'vitest';
import { issueCitationsIn, missingDocPaths, type RepositoryTree } from '../src/doc-paths.ts';

/** A repository of a few files: every folder of theirs exists too. */
function treeOf(files: string[]): RepositoryTree {
  const paths = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    parts.forEach((_, index) => paths.add(parts.slice(0, index + 1).join('/')));
  }
  return {
    entries: (folder) =>
      new Set(
        [...paths]
          .filter((path) => (folder === '' ? !path.includes('/') : path.startsWith(`${folder}/`)))
          .map((path) => path.slice(folder === '' ? 0 : folder.length + 1).split('/')[0] ?? ''),
      ),
    exists: (path) => paths.has(path),
  };
}

const TREE = treeOf([
  'README.md',
  'docs/api.md',
  'docs/architecture.md',
  'web/package.json',
  'web/README.md',
  'web/src/lib/toast.ts',
  'web/src/features/map/plot.tsx',
  'functions/src/api/app.ts',
  'functions/src/adapters/cells.ts',
  'scripts/start.ts',
]);
const packageOf = (doc: string) => (doc.startsWith('web/') ? 'web' : '');
const missing = (doc: string, text: string) =>
  missingDocPaths([{ path: doc, text }], TREE, packageOf).map(
    ({ line, written }) => `${line}: ${written}`,
  );

describe('the doc-path check', () => {
  it('passes a doc whose paths all exist, in code spans, links and prose', () => {
    const doc = [
      'The toasts: `web/src/lib/toast.ts`; the handler `functions/src/api/app.ts:12`.',
      'See [the API](api.md) and [why](architecture.md#errors), or docs/api.md.',
      'A folder: `web/src/features/map/`.',
    ].join('\n');
    expect(missing('docs/architecture.md', doc)).toEqual([]);
  });

  it('names each path that does not exist, with its line', () => {
    const doc = [
      'Intro.',
      'The stack is `scripts/stack.ts`, the plans in docs/plans.md.',
      'Read [the model](data-model.md) and [the root](../README.md).',
    ].join('\n');
    expect(missing('docs/api.md', doc)).toEqual([
      '2: scripts/stack.ts',
      '2: docs/plans.md',
      '3: data-model.md',
    ]);
  });

  it('names a document cited alone that is neither beside the doc nor at the root', () => {
    expect(
      missing('docs/screens.md', 'As SPEC.md says; see api.md, README.md and `architecture.md`.'),
    ).toEqual(['1: SPEC.md']);
    expect(missing('README.md', 'Read api.md.')).toEqual(['1: api.md']);
  });

  it("reads a package README's own paths from its package", () => {
    expect(missing('web/README.md', '`src/lib/toast.ts` and `src/lib/firebase.ts`')).toEqual([
      '1: src/lib/firebase.ts',
    ]);
  });

  it('takes globs and placeholders for what they are', () => {
    const doc = [
      'One folder a feature: `web/src/features/<feature>/`, web/src/features/<feature>/api.',
      'The catalogues `web/src/locales/{es,en,ro}.json` and `functions/src/api/*.ts`.',
      'Anything under functions/src/adapters/*.ts; the code `/verificar/<code>`.',
    ].join('\n');
    expect(missing('docs/api.md', doc)).toEqual([]);
  });

  it('leaves alone what is not a repository path', () => {
    const doc = [
      'Served from https://example.org/docs/missing.md and [Stripe](https://stripe.com/docs).',
      'Routes like `/api/cells/` or `POST /api/users/sync/`, and/or km/h, `npm start -w web`.',
      'The model codebases: [SPEC](../../shared/SPEC.md); a section: [above](#errors).',
      'The operator writes `web/.env.production`.',
    ].join('\n');
    expect(missing('docs/api.md', doc)).toEqual([]);
  });
});

describe('issue citations', () => {
  it("finds this project's issue numbers, not another project's issue linked", () => {
    const doc = [
      'The hold cap (issue 30) and the checkout language (contract change, issue #29 part 6).',
      'Google answers everything ([firebase-tools issue 2027](https://github.com/x/y/issues/2027)).',
      'Open issues, an issue of Stripe, 30 issues.',
    ].join('\n');
    expect(issueCitationsIn(doc)).toEqual([
      { line: 1, written: 'issue 30' },
      { line: 1, written: 'issue #29' },
    ]);
  });
});
