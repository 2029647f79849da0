/**
 * The plots' colours live once, as the `--status-*` and `--plot-*` variables of global.css: the
 * CSS modules use those variables (every one they name exists) and repeat none of their values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const globalCss = readFileSync(join(SRC, 'styles/global.css'), 'utf8');
const defined = new Map(
  [...globalCss.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!]),
);
const modules = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.module.css'))
  .map((path) => ({ path, css: readFileSync(join(SRC, path), 'utf8') }));

const paletteValues = [...defined]
  .filter(([name]) => /^--(status|plot)-/.test(name))
  .map(([, value]) => value.trim().toLowerCase())
  .filter((value) => /^#[0-9a-f]{3,8}$/.test(value) && !['#fff', '#ffffff'].includes(value));

describe('status colours', () => {
  it('are defined once in global.css, for every status', () => {
    for (const status of ['available', 'held', 'reserved', 'bought']) {
      expect([...defined.keys()].some((name) => name.startsWith(`--status-${status}`))).toBe(true);
    }
    expect(paletteValues.length).toBeGreaterThan(10);
    expect(modules.length).toBeGreaterThan(10);
  });

  it.each(modules.map(({ path }) => path))('%s names only variables global.css defines', (path) => {
    const { css } = modules.find((module) => module.path === path)!;
    const used = [...css.matchAll(/var\((--[\w-]+)/g)].map(([, name]) => name!);
    expect(used.filter((name) => !defined.has(name))).toEqual([]);
  });

  it.each(modules.map(({ path }) => path))('%s repeats no palette colour', (path) => {
    const { css } = modules.find((module) => module.path === path)!;
    const literals = [...css.matchAll(/#[0-9a-fA-F]{3,8}\b/g)].map(([hex]) => hex.toLowerCase());
    expect(literals.filter((hex) => paletteValues.includes(hex))).toEqual([]);
  });
});
