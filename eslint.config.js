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

const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

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
