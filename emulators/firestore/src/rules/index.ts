/** The security-rules engine: `compileRules(source)` parses once; `authorize()` decides requests. */
import type { CompiledRules, RulesCompileResult } from './contract.ts';
import { RulesSyntaxError } from './lexer.ts';
import { parseRuleset } from './parser.ts';
import { RulesAuthorizer } from './authorizer.ts';

export type * from './contract.ts';

export function compileRules(source: string): RulesCompileResult {
  try {
    const ruleset = parseRuleset(source);
    const authorizer = new RulesAuthorizer(ruleset);
    const rules: CompiledRules = {
      source,
      authorize: (request, lookup) => authorizer.authorize(request, lookup),
    };
    return { ok: true, rules };
  } catch (error) {
    if (error instanceof RulesSyntaxError) {
      const { line, column } = error.position;
      return { ok: false, errors: [{ line, column, message: error.message }] };
    }
    throw error;
  }
}
