import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureDigest } from '../src/failure-digest.ts';
import { ROOT } from '../src/local-stack/project.ts';

// Inside the project (git ignores tests/.runtime), so the runners and their imports resolve.
const scratch = mkdtempSync(join(ROOT, 'tests/.runtime/digest-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the project's own `runner` on `files`, writing its JSON report; returns the report. */
function run(runner: 'vitest' | 'playwright', files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(scratch, name), text);
  const report = join(scratch, `${runner}.json`);
  const args =
    runner === 'vitest'
      ? ['run', '--root', scratch, '--reporter=json', `--outputFile=${report}`]
      : ['test', '--config', join(scratch, 'pw.config.mjs'), '--reporter=json'];
  spawnSync(join(ROOT, 'node_modules/.bin', runner), args, {
    cwd: scratch,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, NO_COLOR: '1' },
    encoding: 'utf8',
  });
  return report;
}

describe('failure digest', () => {
  it("names vitest's failed tests with their errors, and a file that failed to load", () => {
    const report = run('vitest', {
      'sums.test.mjs': `import { expect, it } from 'vitest';
it('adds', () => expect(1 + 1).toBe(2));
it('adds wrong', () => expect(1 + 1).toBe(3));`,
      'broken.test.mjs': `throw new Error('cannot load this file');`,
    });
    const digest = failureDigest('sums', 'vitest', report, join(scratch, 'none.log'));
    expect(digest).toMatch(/^sums: 2 failed/);
    expect(digest).toContain('✗ adds wrong');
    expect(digest).toContain('expected 2 to be 3');
    expect(digest).toContain('cannot load this file');
    expect(digest).not.toContain('✗ adds\n');
  });

  it("names Playwright's failed tests with their errors", () => {
    const report = run('playwright', {
      'pw.config.mjs': `export default { testDir: '.', testMatch: '*.pw.mjs', outputDir: 'pw-out' };`,
      'journey.pw.mjs': `import { expect, test } from '@playwright/test';
test('passes', () => expect(1).toBe(1));
test.describe('a part', () => {
  test('fails', () => expect('seen', 'the text shows').toBe('unseen'));
});`,
    });
    const digest = failureDigest('journeys', 'playwright', report, join(scratch, 'none.log'));
    expect(digest).toMatch(/^journeys: 1 failed/);
    expect(digest).toContain('a part › fails');
    expect(digest).toContain('the text shows');
    expect(digest).not.toContain('› passes');
  });

  it("names what failed before Playwright's tests ran (a global setup that threw)", () => {
    const report = run('playwright', {
      'pw.config.mjs': `export default { testDir: '.', testMatch: '*.pw.mjs', outputDir: 'pw-out', globalSetup: './setup.mjs' };`,
      'setup.mjs': `export default () => { throw new Error('the stack did not start'); };`,
      'never.pw.mjs': `import { test } from '@playwright/test';
test('never runs', () => {});`,
    });
    const digest = failureDigest('journeys', 'playwright', report, join(scratch, 'none.log'));
    expect(digest).toMatch(/^journeys: 1 failed/);
    expect(digest).toContain('✗ the run');
    expect(digest).toContain('the stack did not start');
  });

  it('reads an unreadable report as none: the end of the log instead', () => {
    const report = join(scratch, 'broken.json');
    writeFileSync(report, '{"testResults": [');
    const log = join(scratch, 'cut.log');
    writeFileSync(log, 'Error: worker exited unexpectedly\n');
    const digest = failureDigest('api', 'vitest', report, log);
    expect(digest).toContain('api: no failed test reported');
    expect(digest).toContain('worker exited unexpectedly');
  });

  it('shows the end of the log of a suite that wrote no report', () => {
    const log = join(scratch, 'crashed.log');
    writeFileSync(log, `${Array.from({ length: 100 }, (_, n) => `line ${n}`).join('\n')}\n`);
    const digest = failureDigest('api', 'vitest', join(scratch, 'missing.json'), log);
    expect(digest).toContain('api: no failed test reported');
    expect(digest).toContain('line 99');
    expect(digest).toContain('line 60');
    expect(digest).not.toContain('line 59\n');
  });
});
