/** The rules file of `--rules`: compiled at start (errors stop the start), reloaded on change. */
import fs from 'node:fs';
import path from 'node:path';
import { compileRules } from './rules/index.ts';
import type { CompiledRules, RulesCompileError } from './rules/contract.ts';

/** Editors save in bursts (truncate, write, rename): wait for the file to settle. */
const RELOAD_DELAY_MS = 50;

export function formatCompileErrors(file: string, errors: RulesCompileError[]): string {
  return errors.map((e) => `${file}:${e.line}:${e.column}: ${e.message}`).join('\n');
}

/** Compiles the file, or throws an Error naming the file, line and column of each problem. */
export function loadRulesFile(file: string): CompiledRules {
  let source: string;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read the rules file ${file}: ${(e as Error).message}`, { cause: e });
  }
  const result = compileRules(source);
  if (!result.ok) {
    throw new Error(
      `the rules file does not compile:\n${formatCompileErrors(file, result.errors)}`,
    );
  }
  return result.rules;
}

/**
 * Watches the file's folder (editors often replace the file, which ends a watch on the file
 * itself) and hands every version that compiles to `onRules`; a version that does not compile
 * is reported and the rules in force stay. Returns a function that stops watching.
 */
export function watchRulesFile(
  file: string,
  onRules: (rules: CompiledRules) => void,
  log: (line: string) => void,
): () => void {
  const folder = path.dirname(path.resolve(file));
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  let lastSource: string | undefined;
  try {
    lastSource = fs.readFileSync(file, 'utf8');
  } catch {
    /* reported on the next change */
  }
  const reload = () => {
    timer = undefined;
    let source: string;
    try {
      source = fs.readFileSync(file, 'utf8');
    } catch {
      return; // removed or being replaced: the next event brings it back
    }
    if (source === lastSource) return;
    lastSource = source;
    const result = compileRules(source);
    if (!result.ok) {
      log(
        `firestore emulator: rules not reloaded, keeping the previous ones:\n${formatCompileErrors(file, result.errors)}`,
      );
      return;
    }
    onRules(result.rules);
    log(`firestore emulator: rules reloaded from ${file}`);
  };
  const watcher = fs.watch(folder, (_event, changed) => {
    if (changed !== null && changed !== name) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(reload, RELOAD_DELAY_MS);
  });
  watcher.unref();
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
