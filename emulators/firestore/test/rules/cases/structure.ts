/**
 * Whole rules files: nested matches, wildcards, method groups, several allows, functions with
 * `let`, and `get()` / `exists()` / `getAfter()` on other documents.
 */
import {
  ALICE,
  serviceCallError,
  STAFF,
  THING,
  type RulesCase,
  type RulesCaseRequest,
} from '../support/case.ts';

function file(body: string[]): string {
  return [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    ...body.map((line) => `    ${line}`),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** `auth` null: signed out. */
const get = (path: string, auth: Record<string, unknown> | null = ALICE): RulesCaseRequest => ({
  method: 'get',
  path,
  auth: auth ?? undefined,
});
const create = (
  path: string,
  data: Record<string, unknown>,
  auth: Record<string, unknown> | null = ALICE,
): RulesCaseRequest => ({
  method: 'create',
  path,
  auth: auth ?? undefined,
  data,
});

const SEED = {
  'things/t1': THING,
  'users/alice': { staff: false, name: 'Alice' },
  'users/sam': { staff: true, name: 'Sam' },
  'things/t1/notes/n1': { text: 'note', owner: 'alice' },
  'a/b/c/d/e/f': { deep: true },
};

const NESTED = file([
  'match /things/{thingId} {',
  "  allow get: if thingId == 't1';",
  '  match /notes/{noteId} {',
  "    allow get: if thingId == 't1' && noteId == 'n1';",
  '  }',
  '}',
]);

const RECURSIVE = file([
  'match /{document=**} {',
  "  allow get: if document == /things/t1 || document[0] == 'a';",
  '}',
]);

const RECURSIVE_TAIL = file(['match /things/{rest=**} {', "  allow get: if rest[2] == 'n1';", '}']);

const METHODS = file([
  'match /things/{id} {',
  '  allow get: if true;',
  '  allow create: if request.resource.data.ok == true;',
  '  allow update, delete: if false;',
  '}',
]);

const SEVERAL = file([
  'match /things/{id} {',
  "  allow get: if request.auth.uid == 'nobody';",
  '  allow read: if resource.data.count == 3;',
  '}',
  'match /things/{other} {',
  '  allow get: if false;',
  '}',
]);

const ALL_FALSE = file([
  'match /things/{id} {',
  '  allow get: if false;',
  '  allow read: if resource.data.missing;',
  '}',
  'match /{document=**} {',
  '  allow read: if request.auth == null;',
  '}',
]);

const FUNCTIONS = file([
  'function signedIn() {',
  '  return request.auth != null;',
  '}',
  'function isOwner(data) {',
  '  let owner = data.owner;',
  '  return signedIn() && request.auth.uid == owner;',
  '}',
  'function isStaff() {',
  '  return signedIn() && request.auth.token.get("staff", false) == true;',
  '}',
  'match /things/{id} {',
  '  function local(n) { return n > 2; }',
  '  allow get: if isOwner(resource.data) || isStaff();',
  '  allow create: if local(request.resource.data.count);',
  '  allow update: if missingFunction();',
  '}',
]);

const LOOKUPS = file([
  'function userDoc() {',
  '  return /databases/$(database)/documents/users/$(request.auth.uid);',
  '}',
  'match /things/{id} {',
  '  allow get: if get(userDoc()).data.staff == true;',
  '  allow create: if exists(/databases/$(database)/documents/users/$(request.auth.uid));',
  '  allow update: if getAfter(/databases/$(database)/documents/things/$(id)).data.count == 10;',
  '  allow delete: if get(/databases/$(database)/documents/users/nobody).data.staff;',
  '}',
]);

const MANY_LOOKUPS = file([
  'function staffAt(n) {',
  "  return exists(/databases/$(database)/documents/users/$('u' + string(n)));",
  '}',
  'match /things/{id} {',
  '  allow get: if staffAt(1) || staffAt(2) || staffAt(3) || staffAt(4) || staffAt(5) || staffAt(6)',
  '    || staffAt(7) || staffAt(8) || staffAt(9) || staffAt(10) || staffAt(11) || true;',
  '  allow create: if staffAt(1) || staffAt(1) || staffAt(1) || staffAt(1) || staffAt(1) || staffAt(1)',
  '    || staffAt(1) || staffAt(1) || staffAt(1) || staffAt(1) || staffAt(1) || true;',
  '}',
]);

const UNCONDITIONAL = file(['match /things/{id} {', '  allow read;', '}']);

const VERSION_ONE = [
  'service cloud.firestore {',
  '  match /databases/{database}/documents {',
  '    match /{document=**} {',
  '      allow get: if true;',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

const TERNARY_LET = file([
  'function bucket(n) {',
  '  let doubled = n * 2;',
  '  let label = doubled > 5 ? "big" : "small";',
  '  return label;',
  '}',
  'match /things/{id} {',
  "  allow get: if bucket(resource.data.count) == 'big';",
  "  allow create: if bucket(request.resource.data.count) == 'big';",
  '}',
]);

function row(
  rules: string,
  tag: string,
  request: RulesCaseRequest,
  expect: true | string,
): RulesCase {
  const who = request.auth ? String(request.auth.sub) : 'signed out';
  const data = request.data ? ` ${JSON.stringify(request.data)}` : '';
  return {
    name: `${tag}: ${request.method} ${request.path}${data} as ${who}`,
    rules,
    request,
    seed: SEED,
    expect,
  };
}

const denied = (method: string, ...outcomes: string[]): string =>
  `\n${outcomes.map((outcome) => outcome.replace('%', method)).join(', ')}`;

export const STRUCTURE_CASES: RulesCase[] = [
  row(NESTED, 'nested', get('things/t1'), true),
  row(NESTED, 'nested', get('things/t2'), denied('get', "false for '%' @ L5")),
  row(NESTED, 'nested', get('things/t1/notes/n1'), true),
  row(NESTED, 'nested', get('things/t1/notes/n2'), denied('get', "false for '%' @ L7")),
  row(NESTED, 'nested', get('things/t1/other/n1'), 'No matching allow statements'),
  row(NESTED, 'nested', get('notes/n1'), 'No matching allow statements'),
  row(
    NESTED,
    'nested',
    { method: 'delete', path: 'things/t1', auth: ALICE },
    'No matching allow statements',
  ),
  row(RECURSIVE, 'recursive', get('things/t1'), true),
  row(RECURSIVE, 'recursive', get('a/b/c/d/e/f'), true),
  row(RECURSIVE, 'recursive', get('things/t2'), denied('get', "false for '%' @ L5")),
  row(RECURSIVE, 'recursive', get('things/t1/notes/n1'), denied('get', "false for '%' @ L5")),
  row(RECURSIVE_TAIL, 'recursive tail', get('things/t1/notes/n1'), true),
  row(
    RECURSIVE_TAIL,
    'recursive tail',
    get('things/t1'),
    denied('get', "Index out of bound error. Index: [2] , size: [1]. for '%' @ L5"),
  ),
  row(RECURSIVE_TAIL, 'recursive tail', get('users/alice'), 'No matching allow statements'),
  row(METHODS, 'methods', get('things/t1'), true),
  row(METHODS, 'methods', create('things/n', { ok: true }), true),
  row(
    METHODS,
    'methods',
    create('things/n', { ok: false }),
    denied('create', "false for '%' @ L6"),
  ),
  row(
    METHODS,
    'methods',
    { method: 'update', path: 'things/t1', auth: ALICE, data: { ok: true } },
    denied('update', "false for '%' @ L7"),
  ),
  row(
    METHODS,
    'methods',
    { method: 'delete', path: 'things/t1', auth: ALICE },
    denied('delete', "false for '%' @ L7"),
  ),
  row(METHODS, 'methods', create('users/x', { ok: true }), 'No matching allow statements'),
  row(SEVERAL, 'several allows', get('things/t1'), true),
  row(SEVERAL, 'several allows', get('things/t1', { sub: 'nobody' }), true),
  row(SEVERAL, 'several allows', get('things/t1', null), true),
  row(
    ALL_FALSE,
    'all false',
    get('things/t1'),
    denied(
      'get',
      "false for '%' @ L5",
      "Property missing is undefined on object. for '%' @ L6",
      "false for '%' @ L9",
    ),
  ),
  row(ALL_FALSE, 'all false', get('things/t1', null), true),
  row(ALL_FALSE, 'all false', get('users/alice'), denied('get', "false for '%' @ L9")),
  row(FUNCTIONS, 'functions', get('things/t1'), true),
  row(
    FUNCTIONS,
    'functions',
    get('things/t1', { sub: 'bob' }),
    denied('get', "false for '%' @ L16"),
  ),
  row(FUNCTIONS, 'functions', get('things/t1', STAFF), true),
  row(FUNCTIONS, 'functions', get('things/t1', null), denied('get', "false for '%' @ L16")),
  row(FUNCTIONS, 'functions', create('things/n', { count: 3 }), true),
  row(
    FUNCTIONS,
    'functions',
    create('things/n', { count: 1 }),
    denied('create', "false for '%' @ L17"),
  ),
  row(
    FUNCTIONS,
    'functions',
    create('things/n', { other: 1 }),
    denied('create', "Property count is undefined on object. for '%' @ L17"),
  ),
  row(
    FUNCTIONS,
    'functions',
    { method: 'update', path: 'things/t1', auth: ALICE, data: {} },
    denied('update', "Function not found error: Name: [missingFunction]. for '%' @ L18"),
  ),
  row(
    LOOKUPS,
    'lookups',
    get('things/t1', { sub: 'alice', staff: true }),
    denied('get', "false for '%' @ L8"),
  ),
  row(LOOKUPS, 'lookups', get('things/t1', { sub: 'sam' }), true),
  row(
    LOOKUPS,
    'lookups',
    get('things/t1', { sub: 'zed' }),
    denied('get', `${serviceCallError('get', 'users/zed')} for '%' @ L8`),
  ),
  row(LOOKUPS, 'lookups', get('things/t1', null), denied('get', "Null value error. for '%' @ L8")),
  row(LOOKUPS, 'lookups', create('things/n', { a: 1 }), true),
  row(
    LOOKUPS,
    'lookups',
    create('things/n', { a: 1 }, { sub: 'zed' }),
    denied('create', "false for '%' @ L9"),
  ),
  row(
    LOOKUPS,
    'lookups',
    { method: 'update', path: 'things/t1', auth: ALICE, data: { count: 10 } },
    true,
  ),
  row(
    LOOKUPS,
    'lookups',
    { method: 'update', path: 'things/t1', auth: ALICE, data: { count: 9 } },
    denied('update', "false for '%' @ L10"),
  ),
  row(
    LOOKUPS,
    'lookups',
    { method: 'delete', path: 'things/t1', auth: ALICE },
    denied('delete', `${serviceCallError('get', 'users/nobody')} for '%' @ L11`),
  ),
  row(MANY_LOOKUPS, 'call limit', get('things/t1'), true),
  row(MANY_LOOKUPS, 'repeated lookups', create('things/n', { a: 1 }), true),
  row(UNCONDITIONAL, 'unconditional', get('things/t1', null), true),
  row(UNCONDITIONAL, 'unconditional', { method: 'list', path: 'things' }, true),
  row(UNCONDITIONAL, 'unconditional', create('things/n', {}), 'No matching allow statements'),
  row(VERSION_ONE, 'version 1', get('things/t1'), true),
  row(VERSION_ONE, 'version 1', get('things/t1/notes/n1'), true),
  row(TERNARY_LET, 'ternary let', get('things/t1'), true),
  row(
    TERNARY_LET,
    'ternary let',
    create('things/n', { count: 2 }),
    denied('create', "false for '%' @ L11"),
  ),
];
