/**
 * What failed in a suite, in a few lines: the failed tests' names and the start of each error,
 * read from the runner's JSON report; else the end of the suite's log (a suite that wrote no
 * report crashed or never started). `npm test` prints these last, so that a CI page showing only
 * the end of a long output still says what failed and why.
 */
import { existsSync, readFileSync } from 'node:fs';

/** Lines kept of each failed test's error, and of a log's end. */
const ERROR_LINES = 12;
const LOG_TAIL_LINES = 40;

export interface FailedTest {
  name: string;
  error: string;
}

/** The failed tests of a vitest JSON report, with each file that failed outside its tests. */
export function vitestFailures(report: unknown): FailedTest[] {
  const files = (report as { testResults?: VitestFile[] }).testResults ?? [];
  return files.flatMap((file) => {
    const tests = (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({ name: test.fullName, error: (test.failureMessages ?? []).join('\n') }));
    if (tests.length > 0 || file.status !== 'failed') return tests;
    return [{ name: file.name, error: file.message ?? 'failed outside its tests' }];
  });
}

interface VitestFile {
  name: string;
  status?: string;
  message?: string;
  assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
}

/** The failed (or flaky: failed once, then passed) tests of a Playwright JSON report. */
export function playwrightFailures(report: unknown): FailedTest[] {
  const { suites = [], errors = [] } = report as { suites?: PlaywrightSuite[]; errors?: Message[] };
  const failed: FailedTest[] = errors.map((error) => ({
    name: 'the run',
    error: error.message ?? '',
  }));
  const visit = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const errors = (test.results ?? []).flatMap((result) => result.errors ?? []);
        failed.push({
          name: [...path, spec.title].join(' › '),
          error: errors.map((error) => error.message ?? '').join('\n'),
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...path, child.title]);
  };
  for (const suite of suites) visit(suite, [suite.title]);
  return failed;
}

interface Message {
  message?: string;
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests?: { status: string; results?: { errors?: Message[] }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** A suite's digest: its failed tests from `report` when it holds any, else the log's end. */
export function failureDigest(
  suite: string,
  runner: 'vitest' | 'playwright',
  report: string,
  log: string,
): string {
  let failed: FailedTest[] = [];
  try {
    if (existsSync(report)) {
      const json: unknown = JSON.parse(readFileSync(report, 'utf8'));
      failed = runner === 'vitest' ? vitestFailures(json) : playwrightFailures(json);
    }
  } catch {
    // An unreadable report says no more than a missing one: the log's end follows.
  }
  if (failed.length === 0) {
    const tail = existsSync(log) ? lastLines(readFileSync(log, 'utf8'), LOG_TAIL_LINES) : '';
    return `${suite}: no failed test reported; the end of its output:\n${indent(tail)}`;
  }
  return [
    `${suite}: ${failed.length} failed`,
    ...failed.map(
      ({ name, error }) => `  ✗ ${name}\n${indent(firstLines(plain(error), ERROR_LINES), 4)}`,
    ),
  ].join('\n');
}

/** Without the terminal's colour codes, which the runners' reports keep in their messages. */
function plain(text: string): string {
  // eslint-disable-next-line no-control-regex -- the escape character is what is matched
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function firstLines(text: string, count: number): string {
  return text.split('\n').slice(0, count).join('\n');
}

function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

function indent(text: string, spaces = 2): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}
