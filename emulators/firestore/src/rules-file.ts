/** The rules file of `--rules`: compiled at start (errors stop the start), reloaded on change. */
import fs from 'node:fs';
import { compileRules } from './rules/index.ts';
import type { CompiledRules, RulesCompileError } from './rules/contract.ts';
import { watchFileText } from './watch-file.ts';

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
 * Hands every version of the file that compiles to `onRules`; a version that does not compile
 * is reported and the rules in force stay. Returns a function that stops watching.
 */
export function watchRulesFile(
  file: string,
  onRules: (rules: CompiledRules) => void,
  log: (line: string) => void,
): () => void {
  return watchFileText(file, (source) => {
    const result = compileRules(source);
    if (!result.ok) {
      log(
        `firestore emulator: rules not reloaded, keeping the previous ones:\n${formatCompileErrors(file, result.errors)}`,
      );
      return;
    }
    onRules(result.rules);
    log(`firestore emulator: rules reloaded from ${file}`);
  });
}
