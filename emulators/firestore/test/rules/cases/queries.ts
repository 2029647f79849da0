/**
 * Rules are not filters: a list is allowed only when the rule holds for every document the
 * query could return, which the engine proves from the query's filters alone.
 */
import { ALICE, STAFF, THING, type RulesCase, type RulesCaseQuery } from '../support/case.ts';

const SEED = {
  'things/t1': THING,
  'things/t2': { ...THING, owner: 'bob', count: 7 },
  'users/alice': { owner: 'alice' },
};

type Row = [
  condition: string,
  query: RulesCaseQuery,
  auth: Record<string, unknown> | null,
  expect: boolean | string,
];

function listCase([condition, query, auth, outcome]: Row): RulesCase {
  return {
    name: `list things ${JSON.stringify(query)} as ${auth ? String(auth.sub) : 'signed out'}: ${condition}`,
    condition,
    request: { method: 'list', path: 'things', auth: auth ?? undefined, query },
    seed: SEED,
    expect: outcome === true ? true : `\n${outcome === false ? 'false' : outcome} for 'list' @ L5`,
  };
}

const owner = (value: unknown): RulesCaseQuery => ({ where: [['owner', '==', value]] });

export const QUERY_CASES: RulesCase[] = (
  [
    ['true', {}, null, true],
    ['false', {}, null, false],
    ['request.auth != null', {}, ALICE, true],
    ['request.auth != null', {}, null, false],
    [
      'resource.data.owner == request.auth.uid',
      {},
      ALICE,
      'Property owner is undefined on object.',
    ],
    ['resource.data.owner == request.auth.uid', owner('alice'), ALICE, true],
    ['resource.data.owner == request.auth.uid', owner('bob'), ALICE, false],
    ['request.auth.uid == resource.data.owner', owner('alice'), ALICE, true],
    [
      'resource.data.owner == request.auth.uid',
      {
        where: [
          ['owner', '==', 'alice'],
          ['count', '>', 1],
        ],
      },
      ALICE,
      true,
    ],
    [
      'resource.data.owner == request.auth.uid',
      { where: [['count', '>', 1]] },
      ALICE,
      'Property owner is undefined on object.',
    ],
    ['resource.data.owner == request.auth.uid', owner('alice'), null, 'Null value error.'],
    ['resource.data.owner != request.auth.uid', owner('bob'), ALICE, true],
    ['resource.data.owner != request.auth.uid', { where: [['owner', '!=', 'alice']] }, ALICE, true],
    [
      "resource.data.owner in ['alice', 'bob']",
      { where: [['owner', 'in', ['alice', 'bob']]] },
      ALICE,
      true,
    ],
    [
      "resource.data.owner in ['alice', 'bob']",
      { where: [['owner', 'in', ['alice', 'zed']]] },
      ALICE,
      false,
    ],
    ["resource.data.owner in ['alice', 'bob']", owner('bob'), ALICE, true],
    ['resource.data.count > 2', { where: [['count', '>', 5]] }, ALICE, true],
    ['resource.data.count > 2', { where: [['count', '>', 1]] }, ALICE, 'evaluation error at L5:29'],
    ['resource.data.count > 2', { where: [['count', '>=', 3]] }, ALICE, true],
    ['resource.data.count >= 3', { where: [['count', '>', 3]] }, ALICE, true],
    ['resource.data.count < 10', { where: [['count', '<', 10]] }, ALICE, true],
    [
      'resource.data.count < 10',
      { where: [['count', '<=', 10]] },
      ALICE,
      'evaluation error at L5:29',
    ],
    ['resource.data.count < 10', { where: [['count', '==', 9]] }, ALICE, true],
    ['resource.data.flag == true', { where: [['flag', '==', true]] }, ALICE, true],
    ['resource.data.flag', { where: [['flag', '==', true]] }, ALICE, true],
    ['resource.data.flag == true', {}, ALICE, 'Property flag is undefined on object.'],
    ['resource.data.nested.level == 1', { where: [['nested.level', '==', 1]] }, ALICE, true],
    ['resource.data.nested.level == 1', { where: [['nested.level', '==', 2]] }, ALICE, false],
    ["resource.data.owner == 'alice' || request.auth.token.staff == true", {}, STAFF, true],
    [
      "resource.data.owner == 'alice' || request.auth.token.get('staff', false) == true",
      {},
      ALICE,
      'Property owner is undefined on object.',
    ],
    [
      "resource.data.owner == 'alice' && resource.data.count == 3",
      {
        where: [
          ['owner', '==', 'alice'],
          ['count', '==', 3],
        ],
      },
      ALICE,
      true,
    ],
    [
      "resource.data.owner == 'alice' && resource.data.count == 3",
      owner('alice'),
      ALICE,
      'Property count is undefined on object.',
    ],
    ['!(resource.data.owner == "bob")', owner('alice'), ALICE, true],
    ['request.query.limit <= 10', { limit: 5 }, ALICE, true],
    ['request.query.limit <= 10', { limit: 50 }, ALICE, false],
    [
      'request.query.limit <= 10',
      {},
      ALICE,
      'Unsupported operation error. Received: null <= int. Expected: string <= string, bytes <= bytes, int <= int, float <= float, duration <= duration, timestamp <= timestamp, constraint <= any, any <= constraint.',
    ],
    ['request.query.limit == null', {}, ALICE, true],
    ['request.query.offset == 2', { offset: 2 }, ALICE, true],
    ["request.query.orderBy == 'count'", { orderBy: ['count'] }, ALICE, false],
    ["request.query.orderBy.count == 'ASC'", { orderBy: ['count'] }, ALICE, true],
    ["request.method == 'list'", {}, ALICE, true],
    ["resource.id == 't1'", { where: [['__name__', '==', 't1']] }, ALICE, true],
    ["resource.id == 't1'", {}, ALICE, 'Property id is undefined on object.'],
    ["id == 't1'", { where: [['__name__', '==', 't1']] }, ALICE, true],
    ["id == 't1'", {}, ALICE, 'Null value error.'],
    ["resource.data.tags.hasAny(['a'])", { where: [['tags', 'array-contains', 'a']] }, ALICE, true],
    ['resource.data.keys().size() > 0', {}, ALICE, false],
    ['resource == null', {}, ALICE, false],
    ['resource != null', {}, ALICE, true],
    ['resource.data.owner is string', owner('alice'), ALICE, true],
    ['resource.data.owner is string', {}, ALICE, 'Property owner is undefined on object.'],
    ["resource.data.owner == 'alice' ? true : false", owner('alice'), ALICE, true],
    ['resource.data.owner.size() == 5', owner('alice'), ALICE, true],
    ['resource.data.count + 1 == 4', { where: [['count', '==', 3]] }, ALICE, true],
  ] as Row[]
).map(listCase);
