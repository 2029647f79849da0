/** `request.auth`, `request.method`, `request.path`, writes with `request.resource`, deletes. */
import {
  ALICE,
  deniedAt,
  STAFF,
  THING,
  type RulesCase,
  type RulesCaseRequest,
} from '../support/case.ts';

type Row = [condition: string, request: RulesCaseRequest, expect: boolean | string];

function rowsToRequestCases(rows: Row[]): RulesCase[] {
  return rows.map(([condition, request, outcome]) => ({
    name: `${request.method} ${request.path}${request.auth ? ` as ${String(request.auth.sub)}` : ''}${
      request.data ? ` ${JSON.stringify(request.data).slice(0, 60)}` : ''
    }: ${condition}`,
    condition,
    request,
    seed: { 'things/t1': THING },
    expect:
      outcome === true ? true : deniedAt(request.method, outcome === false ? 'false' : outcome),
  }));
}

const getAs = (auth?: Record<string, unknown>): RulesCaseRequest => ({
  method: 'get',
  path: 'things/t1',
  auth,
});
/** `auth` null: signed out. */
const create = (
  data: Record<string, unknown>,
  auth: Record<string, unknown> | null = ALICE,
): RulesCaseRequest => ({
  method: 'create',
  path: 'things/new1',
  auth: auth ?? undefined,
  data,
});
const update = (
  data: Record<string, unknown>,
  auth: Record<string, unknown> | undefined = ALICE,
): RulesCaseRequest => ({
  method: 'update',
  path: 'things/t1',
  auth,
  data,
});
const remove = (
  auth: Record<string, unknown> | undefined = ALICE,
  path = 'things/t1',
): RulesCaseRequest => ({
  method: 'delete',
  path,
  auth,
});
const NULL_ERROR = 'Null value error.';
const changed = { ...THING, count: 4 };

export const REQUEST_CASES: RulesCase[] = rowsToRequestCases([
  ['request.auth != null', getAs(ALICE), true],
  ['request.auth != null', getAs(), false],
  ['request.auth == null', getAs(), true],
  ["request.auth.uid == 'alice'", getAs(ALICE), true],
  ["request.auth.uid == 'alice'", getAs({ sub: 'bob' }), false],
  ["request.auth.uid == 'alice'", getAs(), NULL_ERROR],
  ["request.auth != null && request.auth.uid == 'alice'", getAs(), false],
  ["request.auth == null || request.auth.uid == 'alice'", getAs(), true],
  ['request.auth.uid == resource.data.owner', getAs(ALICE), true],
  ['request.auth.uid == resource.data.owner', getAs({ sub: 'bob' }), false],
  ["request.auth.token.email == 'alice@example.com'", getAs(ALICE), true],
  ['request.auth.token.email_verified', getAs(ALICE), true],
  [
    'request.auth.token.email_verified == true',
    getAs({ sub: 'bob', email_verified: false }),
    false,
  ],
  ['request.auth.token.staff == true', getAs(STAFF), true],
  ['request.auth.token.staff == true', getAs({ sub: 'eve', staff: 'true' }), false],
  ['request.auth.token.staff == true', getAs(ALICE), 'Property staff is undefined on object.'],
  ["request.auth.token.get('staff', false) == true", getAs(ALICE), false],
  ["request.auth.token.get('staff', false) == true", getAs(STAFF), true],
  ["request.auth.token.get('staff', false) == true", getAs({ sub: 'eve', staff: 'true' }), false],
  ["'staff' in request.auth.token && request.auth.token.staff == true", getAs(ALICE), false],
  [
    'request.auth.token.staff',
    getAs({ sub: 'eve', staff: 'true' }),
    'Type error. Received: [string] Expected: [bool].',
  ],
  ["request.auth.token.role == 'admin'", getAs({ sub: 'ada', role: 'admin' }), true],
  [
    "request.auth.token.roles.hasAny(['editor'])",
    getAs({ sub: 'ed', roles: ['editor', 'viewer'] }),
    true,
  ],
  ['request.auth.token.level > 2', getAs({ sub: 'lev', level: 3 }), true],
  ['request.auth.token.level is int', getAs({ sub: 'lev', level: 3 }), true],
  ['request.auth.token.score is float', getAs({ sub: 'lev', score: 3.5 }), true],
  ["request.auth.token.org.name == 'acme'", getAs({ sub: 'o', org: { name: 'acme' } }), true],
  ["request.auth.token.firebase.sign_in_provider == 'custom'", getAs(ALICE), true],
  ["request.auth.token.sub == 'alice'", getAs(ALICE), true],
  ['request.auth.token.user_id == request.auth.uid', getAs(ALICE), true],
  ['request.auth.token.aud.size() > 0', getAs(ALICE), true],
  ["request.method == 'get'", getAs(ALICE), true],
  ["request.method == 'read'", getAs(ALICE), false],
  ["request.method == 'create'", create({ a: 1 }), true],
  ["request.method == 'update'", update(changed), true],
  ["request.method == 'delete'", remove(), true],
  ['request.path == /databases/$(database)/documents/things/t1', getAs(ALICE), true],
  ['request.path == /databases/$(database)/documents/things/t2', getAs(ALICE), false],
  ["request.path[4] == 't1'", getAs(ALICE), true],
  ["id == 't1'", getAs(ALICE), true],
  ["database == '(default)'", getAs(ALICE), true],
  ['resource != null', getAs(ALICE), true],
  ["resource.id == 't1'", getAs(ALICE), true],
  ['resource.__name__ == /databases/$(database)/documents/things/t1', getAs(ALICE), true],
  ["resource['__name__'] == /databases/$(database)/documents/things/t1", getAs(ALICE), true],
  ['resource == null', { method: 'get', path: 'things/missing', auth: ALICE }, true],
  [
    'resource.data.owner == request.auth.uid',
    { method: 'get', path: 'things/missing', auth: ALICE },
    NULL_ERROR,
  ],
  ['request.resource.data.a == 1', create({ a: 1 }), true],
  ['request.resource.data.a == 1', create({ a: 2 }), false],
  ['request.resource.data.a is int', create({ a: 1 }), true],
  ['request.resource.data.a is int', create({ a: 1.5 }), false],
  ["request.resource.data.keys().hasOnly(['a', 'b'])", create({ a: 1, b: 2 }), true],
  ["request.resource.data.keys().hasOnly(['a', 'b'])", create({ a: 1, c: 2 }), false],
  ["request.resource.data.keys().hasAll(['a', 'b'])", create({ a: 1 }), false],
  ['request.resource.data.size() == 1', create({ a: 1 }), true],
  [
    'request.resource.data.name is string && request.resource.data.name.size() <= 5',
    create({ name: 'Ana' }),
    true,
  ],
  [
    'request.resource.data.name is string && request.resource.data.name.size() <= 5',
    create({ name: 'Anastasia' }),
    false,
  ],
  ['request.resource.data.name is string', create({ name: 3 }), false],
  [
    'request.resource.data.when < request.time',
    create({ when: new Date('2020-01-01T00:00:00Z') }),
    true,
  ],
  [
    'request.resource.data.when is timestamp',
    create({ when: new Date('2020-01-01T00:00:00Z') }),
    true,
  ],
  [
    'request.resource.data.tags is list && request.resource.data.tags.size() < 3',
    create({ tags: ['x'] }),
    true,
  ],
  ['request.resource.data.nested.level == 2', create({ nested: { level: 2 } }), true],
  ['request.resource.data.owner == request.auth.uid', create({ owner: 'alice' }), true],
  ['request.resource.data.owner == request.auth.uid', create({ owner: 'bob' }), false],
  ['request.resource.data.owner == request.auth.uid', create({ owner: 'alice' }, null), NULL_ERROR],
  ["request.resource.id == 'new1'", create({ a: 1 }), true],
  ['request.resource.__name__ == request.path', create({ a: 1 }), true],
  ['resource == null', create({ a: 1 }), true],
  ['resource.data.a == 1', create({ a: 1 }), NULL_ERROR],
  [
    'request.resource.data.missing == 1',
    create({ a: 1 }),
    'Property missing is undefined on object.',
  ],
  ["request.resource.data.get('missing', 1) == 1", create({ a: 1 }), true],
  ['request.resource.data.count == resource.data.count + 1', update(changed), true],
  ['request.resource.data.count == resource.data.count', update(changed), false],
  [
    "request.resource.data.diff(resource.data).affectedKeys().hasOnly(['count'])",
    update(changed),
    true,
  ],
  [
    "request.resource.data.diff(resource.data).affectedKeys().hasOnly(['owner'])",
    update(changed),
    false,
  ],
  [
    "request.resource.data.diff(resource.data).changedKeys() == ['count'].toSet()",
    update(changed),
    true,
  ],
  [
    "request.resource.data.diff(resource.data).affectedKeys().hasAny(['owner'])",
    update({ ...THING, owner: 'bob' }),
    true,
  ],
  [
    "request.resource.data.diff(resource.data).removedKeys() == ['flag'].toSet()",
    update(withoutFlag()),
    true,
  ],
  [
    "request.resource.data.diff(resource.data).addedKeys() == ['extra'].toSet()",
    update({ ...THING, extra: 1 }),
    true,
  ],
  ['request.resource.data.owner == resource.data.owner', update(changed), true],
  ['resource.data.owner == request.auth.uid', update(changed, { sub: 'bob' }), false],
  ['resource.data.owner == request.auth.uid', remove(), true],
  ['resource.data.owner == request.auth.uid', remove({ sub: 'bob' }), false],
  ['resource != null', remove(), true],
  ['resource == null', remove(ALICE, 'things/missing'), true],
  ['request.resource == null', remove(), true],
  ['request.resource.data.a == 1', getAs(ALICE), 'Property resource is undefined on object.'],
  ['request.query.limit == 5', getAs(ALICE), 'Property query is undefined on object.'],
  ['request.time == request.time', getAs(ALICE), true],
  ['request.time > timestamp.value(0)', create({ a: 1 }), true],
]);

function withoutFlag(): Record<string, unknown> {
  const { flag: _flag, ...rest } = THING;
  return rest;
}
