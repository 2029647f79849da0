/**
 * docs/local-stack.md lists `npm test`'s lanes; testkit/src/run-suites.ts is what runs them.
 * run-suites.ts runs every suite when imported, so its list is read as text: each `name:` with
 * the `lane:` that follows it in the same entry of `SUITES`. The doc's table must name every
 * suite of a lane, in backticks, in the order the code runs them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function lanesInCode(): Record<string, string[]> {
  const source = readFileSync(`${ROOT}testkit/src/run-suites.ts`, 'utf8');
  const list = source.slice(
    source.indexOf('const SUITES'),
    source.indexOf('];', source.indexOf('const SUITES')),
  );
  const lanes: Record<string, string[]> = {};
  for (const [, name = '', lane = ''] of list.matchAll(/name: '([^']+)'[^}]*?lane: (\d)/g)) {
    (lanes[lane] ??= []).push(name);
  }
  return lanes;
}

function lanesInDoc(): Record<string, string[]> {
  const doc = readFileSync(`${ROOT}docs/local-stack.md`, 'utf8');
  const lanes: Record<string, string[]> = {};
  for (const [, lane = '', suites = ''] of doc.matchAll(/^\| (\d) +\| (.+) \|$/gm)) {
    lanes[lane] = [...suites.matchAll(/`([^`]+)`/g)].map(([, name = '']) => name);
  }
  return lanes;
}

describe("docs/local-stack.md's lanes (testkit/src/run-suites.ts)", () => {
  it('the code has three lanes, read from its list of suites', () => {
    expect(Object.keys(lanesInCode()).sort()).toEqual(['1', '2', '3']);
  });

  it('the doc names every suite of each lane, in the order it runs', () => {
    const inDoc = lanesInDoc();
    for (const [lane, suites] of Object.entries(lanesInCode())) {
      expect(
        inDoc[lane]?.filter((name) => suites.includes(name)),
        `lane ${lane}`,
      ).toEqual(suites);
    }
  });
});
