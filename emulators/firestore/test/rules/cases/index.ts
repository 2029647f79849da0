/** Every row of the rules table. */
import type { RulesCase } from '../support/case.ts';
import { EXPRESSION_CASES } from './expressions.ts';
import { METHOD_CASES } from './methods.ts';
import { REQUEST_CASES } from './requests.ts';
import { STRUCTURE_CASES } from './structure.ts';
import { QUERY_CASES } from './queries.ts';
import { MORE_CASES } from './more.ts';

export const ALL_RULES_CASES: RulesCase[] = [
  ...EXPRESSION_CASES,
  ...METHOD_CASES,
  ...REQUEST_CASES,
  ...STRUCTURE_CASES,
  ...QUERY_CASES,
  ...MORE_CASES,
];
