/** Subcollections, collection groups, lookup limits, and the product's own rules file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALICE, serviceCallError, type RulesCase, type RulesCaseRequest } from '../support/case.ts';

const file = (body: string[]): string =>
  [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    ...body.map((line) => `    ${line}`),
    '  }',
    '}',
    '',
  ].join('\n');

const SEED = {
  'things/t1': { owner: 'alice' },
  'things/t1/notes/n1': { owner: 'alice', text: 'a' },
  'things/t2/notes/n2': { owner: 'bob', text: 'b' },
  'users/u1': { staff: true },
  'users/u2': { staff: true },
};

const GROUP = file([
  'match /{path=**}/notes/{noteId} {',
  '  allow list: if resource.data.owner == request.auth.uid;',
  '}',
  'match /things/{thingId}/notes/{noteId} {',
  "  allow get, list: if thingId == 't1';",
  '}',
]);

const NO_GROUP = file(['match /things/{thingId}/notes/{noteId} {', '  allow read: if true;', '}']);

/** `exists()` of `count` distinct missing documents, all evaluated (each is false). */
const lookupsOf = (count: number): string =>
  Array.from(
    { length: count },
    (_, index) => `exists(/databases/$(database)/documents/users/m${index + 1})`,
  ).join(' || ');

const LIMITS = file([
  'match /things/{id} {',
  `  allow get: if ${lookupsOf(10)};`,
  `  allow create: if ${lookupsOf(11)};`,
  `  allow update: if (${lookupsOf(9)}) || get(/databases/$(database)/documents/users/u1).data.staff;`,
  `  allow delete: if (${lookupsOf(10)}) || get(/databases/$(database)/documents/users/u1).data.staff;`,
  '}',
]);

function row(
  rules: string,
  tag: string,
  request: RulesCaseRequest,
  expect: true | string,
): RulesCase {
  const who = request.auth ? String(request.auth.sub) : 'signed out';
  const shape = request.query
    ? ` ${JSON.stringify(request.query)}`
    : request.data
      ? ` ${JSON.stringify(request.data)}`
      : '';
  return {
    name: `${tag}: ${request.method} ${request.path}${shape} as ${who}`,
    rules,
    request,
    seed: SEED,
    expect,
  };
}

const listNotes = (
  query: RulesCaseRequest['query'],
  auth: Record<string, unknown> | undefined = ALICE,
  path = 'notes',
): RulesCaseRequest => ({
  method: 'list',
  path,
  auth,
  query,
});

const PRODUCT_RULES = readFileSync(
  join(import.meta.dirname, '../../../../../firestore.rules'),
  'utf8',
);
const PRODUCT_SEED = {
  'cells/K3': { status: 'available' },
  'users/ana': { name: 'Ana' },
  'users/ion': { name: 'Ion' },
  'users/gone': { name: 'Gone', is_staff: false },
  'payments/cs_1': { amount: 5000 },
  'donations/d1': { amount: 5000 },
};

function product(request: RulesCaseRequest, expect: true | string): RulesCase {
  const who = request.auth
    ? `${String(request.auth.sub)}${request.auth.staff !== undefined ? ` staff=${JSON.stringify(request.auth.staff)}` : ''}`
    : 'signed out';
  const shape = request.query ? ` ${JSON.stringify(request.query)}` : '';
  return {
    name: `firestore.rules: ${request.method} ${request.path}${shape} as ${who}`,
    rules: PRODUCT_RULES,
    request,
    seed: PRODUCT_SEED,
    expect,
  };
}

const ANA = { sub: 'ana' };
const SARA = { sub: 'sara', staff: true };
const EVE = { sub: 'eve', staff: 'true' };

export const MORE_CASES: RulesCase[] = [
  row(
    GROUP,
    'group',
    listNotes({ collectionGroup: true, where: [['owner', '==', 'alice']] }),
    true,
  ),
  row(
    GROUP,
    'group',
    listNotes({ collectionGroup: true }),
    "\nProperty owner is undefined on object. for 'list' @ L5",
  ),
  row(
    GROUP,
    'group',
    listNotes({ collectionGroup: true, where: [['owner', '==', 'bob']] }),
    "\nfalse for 'list' @ L5",
  ),
  row(GROUP, 'group', listNotes({}, ALICE, 'things/t1/notes'), true),
  row(
    GROUP,
    'group',
    listNotes({}, ALICE, 'things/t2/notes'),
    "\nProperty owner is undefined on object. for 'list' @ L5, false for 'list' @ L8",
  ),
  row(GROUP, 'group', { method: 'get', path: 'things/t1/notes/n1', auth: ALICE }, true),
  row(
    GROUP,
    'group',
    { method: 'get', path: 'things/t2/notes/n2', auth: ALICE },
    "\nfalse for 'get' @ L8",
  ),
  row(
    NO_GROUP,
    'no group rule',
    listNotes({ collectionGroup: true }),
    'No matching allow statements',
  ),
  row(NO_GROUP, 'no group rule', listNotes({}, ALICE, 'things/t2/notes'), true),
  row(
    LIMITS,
    'limits',
    { method: 'get', path: 'things/t1', auth: ALICE },
    "\nfalse for 'get' @ L5",
  ),
  row(
    LIMITS,
    'limits',
    { method: 'create', path: 'things/t9', auth: ALICE, data: {} },
    `\n${serviceCallError('exists', 'users/m11')} for 'create' @ L6`,
  ),
  row(LIMITS, 'limits', { method: 'update', path: 'things/t1', auth: ALICE, data: {} }, true),
  row(
    LIMITS,
    'limits',
    { method: 'delete', path: 'things/t1', auth: ALICE },
    `\n${serviceCallError('get', 'users/u1')} for 'delete' @ L8`,
  ),
  product({ method: 'get', path: 'cells/K3' }, true),
  product({ method: 'list', path: 'cells', query: {} }, true),
  product(
    { method: 'update', path: 'cells/K3', auth: ANA, data: { status: 'bought' } },
    'No matching allow statements',
  ),
  product({ method: 'get', path: 'users/ana', auth: ANA }, true),
  product({ method: 'get', path: 'users/ion', auth: ANA }, "\nfalse for 'get' @ L38"),
  product(
    { method: 'list', path: 'users', auth: ANA, query: {} },
    "\nNull value error. for 'list' @ L38",
  ),
  product(
    { method: 'list', path: 'users', auth: ANA, query: { where: [['__name__', '==', 'ana']] } },
    true,
  ),
  // Staff read donors through the API only: their own profile, nobody else's.
  product({ method: 'get', path: 'users/ana', auth: SARA }, "\nfalse for 'get' @ L38"),
  product({ method: 'get', path: 'users/sara', auth: SARA }, true),
  product(
    { method: 'list', path: 'users', auth: SARA, query: {} },
    "\nNull value error. for 'list' @ L38",
  ),
  product({ method: 'get', path: 'users/ana', auth: EVE }, "\nfalse for 'get' @ L38"),
  product({ method: 'get', path: 'payments/cs_1', auth: SARA }, true),
  product({ method: 'get', path: 'payments/cs_1', auth: ANA }, "\nfalse for 'get' @ L43"),
  product({ method: 'list', path: 'donations', auth: EVE, query: {} }, "\nfalse for 'list' @ L48"),
  product({ method: 'get', path: 'users/ana' }, "\nfalse for 'get' @ L38"),
  // A staff claim whose profile says `is_staff: false` (revoked, the token still in its hour).
  product(
    { method: 'get', path: 'payments/cs_1', auth: { sub: 'gone', staff: true } },
    "\nfalse for 'get' @ L43",
  ),
  product(
    { method: 'create', path: 'donations/d2', auth: SARA, data: { amount: 1 } },
    'No matching allow statements',
  ),
  product({ method: 'delete', path: 'users/ana', auth: ANA }, 'No matching allow statements'),
  product({ method: 'get', path: 'nowhere/site', auth: SARA }, 'No matching allow statements'),
  // The parish's settings and the payment links: the API's alone, not even staff read them.
  product({ method: 'get', path: 'settings/payments', auth: SARA }, "\nfalse for 'get' @ L95"),
  product({ method: 'get', path: 'payment_links/abc', auth: ANA }, "\nfalse for 'get' @ L101"),
];
