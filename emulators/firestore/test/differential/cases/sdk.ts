/** SDK cases: queries, counts, listeners and batches through firebase-admin, the web SDK and lite. */
import type { QuerySpec } from '../../conformance/support/types.ts';
import type { SdkCase, SdkName, SdkStep } from '../support/sdk.ts';

const SEED = {
  'plots/a': { n: 1, zone: 'north', tags: ['x', 'y'], owner: null },
  'plots/b': { n: 2, zone: 'south', tags: ['y'] },
  'plots/c': { n: 3, zone: 'north', tags: [] },
  'plots/d': { n: 'text', zone: 'east' },
  'plots/e': { zone: 'west', price: 2.5 },
  'plots/f': { n: 2.5, zone: 'south', tags: ['z', 'x'] },
};

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/** [label, spec, expected code] */
const QUERIES: [string, QuerySpec, string][] = [
  ['all', {}, 'ok'],
  ['n == 2', { where: [['n', '==', 2]] }, 'ok'],
  ['n != 2', { where: [['n', '!=', 2]] }, 'ok'],
  ['n > 1', { where: [['n', '>', 1]] }, 'ok'],
  ['n <= 2.5', { where: [['n', '<=', 2.5]] }, 'ok'],
  ['zone == null', { where: [['zone', '==', null]] }, 'ok'],
  ['owner == null', { where: [['owner', '==', null]] }, 'ok'],
  ['owner != null', { where: [['owner', '!=', null]] }, 'ok'],
  ['n in [1, 3]', { where: [['n', 'in', [1, 3]]] }, 'ok'],
  ['n in [1, null]', { where: [['n', 'in', [1, null]]] }, 'ok'],
  ['zone not-in [north]', { where: [['zone', 'not-in', ['north']]] }, 'ok'],
  ['zone not-in [north, null]', { where: [['zone', 'not-in', ['north', null]]] }, 'ok'],
  ['tags array-contains x', { where: [['tags', 'array-contains', 'x']] }, 'ok'],
  ['tags array-contains-any [z, y]', { where: [['tags', 'array-contains-any', ['z', 'y']]] }, 'ok'],
  ['order by n desc, limit 2', { orderBy: [['n', 'desc']], limit: 2 }, 'ok'],
  ['order by zone, n', { orderBy: [['zone'], ['n']] }, 'ok'],
  ['order by n, start after 1', { orderBy: [['n']], startAfter: [1] }, 'ok'],
  ['order by n, end before 3', { orderBy: [['n']], endBefore: [3] }, 'ok'],
  ['order by n, limit to last 2', { orderBy: [['n']], limitToLast: 2 }, 'ok'],
  ['zone == south, order by n', { where: [['zone', '==', 'south']], orderBy: [['n']] }, 'ok'],
  ['n in 30 values', { where: [['n', 'in', range(30)]] }, 'ok'],
  ['zone not-in 10 values', { where: [['zone', 'not-in', range(10).map(String)]] }, 'ok'],
  [
    'n in 6 x zone in 5',
    {
      where: [
        ['n', 'in', range(6)],
        ['zone', 'in', range(5).map(String)],
      ],
    },
    'ok',
  ],
  [
    'n in 6 x zone in 6 (36 disjunctions)',
    {
      where: [
        ['n', 'in', range(6)],
        ['zone', 'in', range(6).map(String)],
      ],
    },
    'invalid-argument',
  ],
];

/** The lite SDK maps an HTTP 400 answer to failed-precondition, whatever its status says. */
const asSeenBy = (sdk: SdkName, code: string) =>
  sdk === 'lite' && code === 'invalid-argument' ? 'failed-precondition' : code;

function queryCases(sdk: SdkName): SdkCase[] {
  const kinds: SdkStep['kind'][] =
    sdk === 'lite' ? ['query', 'count'] : ['query', 'count', 'listen'];
  return QUERIES.flatMap(([label, spec, expect]) =>
    kinds
      // Admin listeners retry some refusals for a long time on the client side: queries only.
      .filter((kind) => !(sdk === 'admin' && kind === 'listen' && expect !== 'ok'))
      .map((kind): SdkCase => ({
        name: `${sdk}: ${kind} ${label}`,
        sdk,
        seed: SEED,
        step: { kind, collection: 'plots', spec } as SdkStep,
        expect: asSeenBy(sdk, expect),
      })),
  );
}

function batchCases(sdk: SdkName): SdkCase[] {
  return [
    {
      name: `${sdk}: batch set then update`,
      sdk,
      step: {
        kind: 'batch',
        ops: [
          { op: 'set', path: 'b/x', data: { n: 1 } },
          { op: 'update', path: 'b/x', data: { m: 2 } },
        ],
        readBack: 'b/x',
      },
      expect: 'ok',
    },
    {
      name: `${sdk}: batch update of a missing document`,
      sdk,
      step: {
        kind: 'batch',
        ops: [{ op: 'update', path: 'b/x', data: { m: 2 } }],
        readBack: 'b/x',
      },
      expect: 'not-found',
    },
    {
      name: `${sdk}: batch delete then update of one document`,
      sdk,
      seed: { 'b/x': { n: 1 } },
      step: {
        kind: 'batch',
        ops: [
          { op: 'delete', path: 'b/x' },
          { op: 'update', path: 'b/x', data: { m: 2 } },
        ],
        readBack: 'b/x',
      },
      expect: asSeenBy(sdk, 'invalid-argument'),
    },
    {
      name: `${sdk}: batch set with merge`,
      sdk,
      seed: { 'b/x': { n: 1, keep: true } },
      step: {
        kind: 'batch',
        ops: [{ op: 'set', path: 'b/x', data: { n: 2 }, merge: true }],
        readBack: 'b/x',
      },
      expect: 'ok',
    },
    {
      name: `${sdk}: timestamps keep microseconds`,
      sdk,
      step: {
        kind: 'batch',
        ops: [
          {
            op: 'set',
            path: 'b/t',
            data: { when: { __ts: { seconds: 1767225600, nanos: 123456789 } } },
          },
        ],
        readBack: 'b/t',
      },
      expect: 'ok',
    },
    {
      name: `${sdk}: nested map 20 levels`,
      sdk,
      step: {
        kind: 'batch',
        ops: [
          {
            op: 'set',
            path: 'b/deep',
            data: range(19).reduce<Record<string, unknown>>((inner) => ({ m: inner }), { leaf: 1 }),
          },
        ],
        readBack: 'b/deep',
      },
      expect: 'ok',
    },
    {
      name: `${sdk}: get of a missing document`,
      sdk,
      step: { kind: 'get', path: 'b/none' },
      expect: 'ok',
    },
  ];
}

export const SDK_CASES: SdkCase[] = (['admin', 'web', 'lite'] as SdkName[]).flatMap((sdk) => [
  ...queryCases(sdk),
  ...batchCases(sdk),
]);

/** The web SDK in Chromium (WebChannel + REST): its own file, as it needs the browser. */
export const BROWSER_CASES: SdkCase[] = [...queryCases('browser'), ...batchCases('browser')];
