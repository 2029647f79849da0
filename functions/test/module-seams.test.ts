/**
 * What docs/architecture.md says of where modules stand, as checks, so the claims cannot drift:
 * the functions' build reads nothing of the web's (`build/` is what both builds share), the
 * payment store's two halves never import each other, the ports are imported by area (no index
 * file hides them), and no source of the domain reaches its test support.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every TypeScript or JavaScript source below `folder` (tests too). */
function sourcesIn(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mts|mjs)$/.test(name))
    .map((name) => join(folder, name))
    .sort();
}

/** The repository paths a file imports by a relative specifier (static, dynamic, re-exports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)];
  return specifiers.map((match) => relative(ROOT, resolve(ROOT, dirname(file), match[1]!)));
}

describe('where modules stand (docs/architecture.md)', () => {
  it("the functions' build imports nothing of the web's; both read the plan image from build/", () => {
    const builds = ['functions/build.mjs', ...sourcesIn('functions/build')];
    const intoWeb = builds.flatMap((file) =>
      importsOf(file)
        .filter((path) => path.startsWith('web/'))
        .map((path) => `${file} -> ${path}`),
    );
    expect(intoWeb).toEqual([]);
    expect(importsOf('functions/build.mjs')).toContain('build/church-plan-image.ts');
    expect(importsOf('web/build/church-plan-image.ts')).toContain('build/church-plan-image.ts');
  });

  it("the payment store's halves, checkouts and settlements, do not import each other", () => {
    const checkouts = 'functions/src/adapters/firestore-checkouts.ts';
    const settlements = 'functions/src/adapters/firestore-settlements.ts';
    expect(importsOf(checkouts)).not.toContain(settlements.replace(/\.ts$/, ''));
    expect(importsOf(settlements)).not.toContain(checkouts.replace(/\.ts$/, ''));
    expect(importsOf(checkouts)).toContain('functions/src/adapters/payment-transactions');
    expect(importsOf(settlements)).toContain('functions/src/adapters/payment-transactions');
  });

  it('the ports are imported by area, from a file that exists, never through an index', () => {
    expect(existsSync(join(ROOT, 'functions/src/ports.ts'))).toBe(false);
    expect(existsSync(join(ROOT, 'functions/src/ports/index.ts'))).toBe(false);
    const importers = [...sourcesIn('functions/src'), ...sourcesIn('functions/test')];
    const portImports = importers.flatMap((file) =>
      importsOf(file).filter((path) => /^functions\/src\/ports(\/|$)/.test(path)),
    );
    expect(portImports.length).toBeGreaterThan(40);
    const unknown = portImports.filter(
      (path) => !existsSync(join(ROOT, path.endsWith('.ts') ? path : `${path}.ts`)),
    );
    expect(unknown).toEqual([]);
  });

  it('no source of the domain imports its test support (domain/test/), whose tests may', () => {
    const sources = sourcesIn('domain/src').filter((file) => !/\.test\.tsx?$/.test(file));
    const intoTests = sources.flatMap((file) =>
      importsOf(file)
        .filter((path) => path.startsWith('domain/test/'))
        .map((path) => `${file} -> ${path}`),
    );
    expect(intoTests).toEqual([]);
    expect(importsOf('domain/src/settlement/properties.test.ts')).toContain(
      'domain/test/support/settlement-simulation',
    );
  });
});
