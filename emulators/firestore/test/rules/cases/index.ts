/** Every row of the rules table. */
import type { RulesCase } from '../support/case.ts';
import { EXPRESSION_CASES } from './expressions.ts';

export const ALL_RULES_CASES: RulesCase[] = [...EXPRESSION_CASES];
