// Lint for every workspace: ESLint's and typescript-eslint's recommended rules (none type-aware,
// so a run needs no TypeScript program), plus the web app's import boundaries.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const TYPED_FILES = ['{web,functions,domain,testkit,scripts,tests}/**/*.{ts,tsx,mts,cts}'];
const WEB_SRC = 'web/src';

// Bulletproof-react's layering for web/src: app -> features -> shared (components, config,
// lib, ...). Features never import each other; shared code imports neither features nor app.
// Imports across folders go through the `@/` alias so that these patterns can see them.
const webFeatures = readdirSync(new URL(`./${WEB_SRC}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const NO_DEEP_RELATIVE = {
  regex: '^(\\.\\./){2,}',
  message: "Import from another folder with the '@/…' alias (it keeps the layer rules checkable).",
};
const NO_APP = {
  regex: '^(@/app|(\\.\\./)+app)(/|$)',
  message: 'Only src/app may import from src/app (router, providers, routes).',
};
const NO_FEATURES = {
  regex: '^(@/features|(\\.\\./)+features)(/|$)',
  message: 'Shared code (components, lib, config, …) must not import from features.',
};
const noOtherFeature = (feature) => ({
  regex: `^@/features/(?!${escapeRegex(feature)}(/|$))`,
  message: `Features do not import each other; move shared code to src/components or src/lib, or compose the features in src/app.`,
});

// The whole route table holds every route's schemas and rule texts: a page that imported it
// would download them all (docs/architecture.md, "Nothing a visitor does not use").
const ONE_ROUTE_AT_A_TIME = {
  name: '@parroquia/domain',
  importNames: ['API_ROUTES'],
  message:
    "Import the routes one by one: import * as API_ROUTES from '@parroquia/domain/api-routes'.",
};

const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { paths: [ONE_ROUTE_AT_A_TIME], patterns }],
});

// `void promise` says "not awaiting this is safe"; the reason belongs beside it, so a reader can
// judge it. A comment on the same line as the `void` or on the line before counts. A `void` of
// anything but a promise (a discarded value) needs none.
const isThenable = (checker, type) =>
  type.isUnion()
    ? type.types.some((part) => isThenable(checker, part))
    : !!type.getProperty('then');

const commentedVoid = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Require a comment saying why a promise is deliberately not awaited.' },
    messages: { missing: 'Say in a comment (same or previous line) why this `void` is safe.' },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const services = sourceCode.parserServices;
    const checker = services.program.getTypeChecker();
    const commentedLines = new Set();
    for (const comment of sourceCode.getAllComments()) {
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line++) {
        commentedLines.add(line);
      }
    }
    return {
      UnaryExpression(node) {
        if (node.operator !== 'void') return;
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node.argument));
        if (!isThenable(checker, type)) return;
        const line = node.loc.start.line;
        if (!commentedLines.has(line) && !commentedLines.has(line - 1)) {
          context.report({ node, messageId: 'missing' });
        }
      },
    };
  },
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    // Build output of a workspace (functions/lib); web/src/lib is source.
    '*/lib/',
    'emulators/*/lib/',
    'emulator-data/',
    '.emulator-state/',
    '**/.build/',
    '**/coverage/',
    'test-results/',
    'playwright-report/',
    '**/.runtime/',
  ]),

  { files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'], extends: [js.configs.recommended] },
  { files: TS_FILES, extends: [tseslint.configs.recommended] },

  // Type-aware rules: each file is linted with the TypeScript program of its nearest
  // tsconfig.json (the project service), so a promise nobody awaits is an error. Not over
  // emulators/: their code is `any`-typed protobuf and JSON by nature, and a TypeScript program
  // per emulator would double the run for findings of rules that are off below.
  {
    files: TYPED_FILES,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { parroquia: { rules: { 'commented-void': commentedVoid } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'parroquia/commented-void': 'error',
      // Off: JSON bodies, Firestore data and test fixtures are `any` at the edges on purpose;
      // these five flagged those reads (~430 findings), not bugs.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Off: an `async` function without `await` is how a fake or adapter fulfils a
      // Promise-returning port (a throw still becomes a rejection); 61 findings, that kind.
      '@typescript-eslint/require-await': 'off',
      // Arrays in messages print as `a,b`, which the invariants' reports mean.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowArray: true }],
    },
  },

  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: TS_FILES,
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },

  // No import cycles anywhere: a cycle makes load order matter and hides a missing layer.
  {
    files: TS_FILES,
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'emulators/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },

  // React's rules of hooks for the web app.
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    extends: [reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs.flat.recommended],
  },

  // The browser app: browser globals only (its tests and config also run on Node).
  {
    files: [`${WEB_SRC}/**`],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [`${WEB_SRC}/**/*.test.{ts,tsx}`, `${WEB_SRC}/testing/**`],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  // Import boundaries. Later blocks replace the rule's options for their files, so each block
  // lists every pattern that applies to it.
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    rules: restrictImports(NO_DEEP_RELATIVE),
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    // main.tsx is the entry point that mounts the app.
    ignores: [`${WEB_SRC}/app/**`, `${WEB_SRC}/features/**`, `${WEB_SRC}/main.tsx`],
    rules: restrictImports(NO_DEEP_RELATIVE, NO_APP, NO_FEATURES),
  },
  ...webFeatures.map((feature) => ({
    files: [`${WEB_SRC}/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports(NO_DEEP_RELATIVE, NO_APP, noOtherFeature(feature)),
  })),

  // Every browser journey fails on a Content-Security-Policy violation: its `test` comes from
  // the guard (tests/e2e/csp-guard.ts), never straight from Playwright.
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from './csp-guard.ts': it fails a journey on a CSP violation.",
            },
          ],
        },
      ],
    },
  },
);
