/** The shape of one row of the rules table: rules, a request, and what Google's emulator says. */

export type RulesCaseMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** Plain data: numbers with a fraction (or `{ $float }`) are doubles, `Date`s timestamps. */
export type PlainData = Record<string, unknown>;

export interface RulesCaseQuery {
  /** `[field, op, value]`, op as the web SDK spells it (`==`, `array-contains`, `in` ...). */
  where?: [string, string, unknown][];
  orderBy?: string[];
  limit?: number;
  offset?: number;
  collectionGroup?: boolean;
}

export interface RulesCaseRequest {
  method: RulesCaseMethod;
  /** Relative to the database: `things/t1` (a document) or `things` (a collection, for list). */
  path: string;
  /** Token claims; `sub` is the uid. Absent: signed out. */
  auth?: Record<string, unknown>;
  /** create/update: the document's data after the write (update: a full overwrite). */
  data?: PlainData;
  query?: RulesCaseQuery;
}

export interface RulesCase {
  name: string;
  /** The whole rules file; when absent, `condition` in the standard file of `standardRules`. */
  rules?: string;
  condition?: string;
  request: RulesCaseRequest;
  /** Documents in the database before the request, by relative path. */
  seed?: Record<string, PlainData>;
  /** `true` = allowed, else Google's denial message (`false for 'get' @ L5` ...). */
  expect: true | string;
}

/** The standard file: the condition governs every method on `things/{id}`, at line 5. */
export function standardRules(condition: string): string {
  return [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    '    match /things/{id} {',
    `      allow read, write: if ${condition};`,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

export function rulesOf(rulesCase: RulesCase): string {
  return rulesCase.rules ?? standardRules(rulesCase.condition ?? 'false');
}

/** The denial for a condition that is false (or an error message) at the standard line 5. */
export function deniedAt(method: RulesCaseMethod, reason = 'false', line = 5): string {
  return `\n${reason} for '${method}' @ L${line}`;
}

/** The seed every expression case reads through `resource`: `things/t1`. */
export const THING: PlainData = {
  owner: 'alice',
  count: 3,
  price: 2.5,
  tags: ['a', 'b'],
  nested: { level: 1, name: 'deep' },
  flag: true,
  nothing: null,
  title: 'Hello World',
  when: new Date('2026-01-02T03:04:05.678Z'),
};

export const ALICE = { sub: 'alice', email: 'alice@example.com', email_verified: true };
export const STAFF = { sub: 'sam', staff: true };

export function getThing(
  condition: string,
  expect: true | string,
  auth: Record<string, unknown> | undefined = ALICE,
): RulesCase {
  return {
    name: `get: ${condition}`,
    condition,
    request: { method: 'get', path: 'things/t1', auth },
    seed: { 'things/t1': THING },
    expect: expect === true ? true : expect,
  };
}

/** Google's error for a failed lookup (missing document, or over the limit), path as protobuf text. */
export function serviceCallError(functionName: string, relativePath: string): string {
  const segments = ['databases', '(default)', 'documents', ...relativePath.split('/')];
  const text = segments.map((segment) => `  segments {\n    simple: "${segment}"\n  }\n`).join('');
  return `Service call error. Function: [${functionName}], Argument: [path_value {\n${text}}\n].`;
}
