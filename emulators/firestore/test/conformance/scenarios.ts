/**
 * The conformance scenarios, written once against the Driver interface and instantiated per
 * driver by the *.test.ts files next to this one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Scope, sleep, waitFor, waitForEvent } from './support/env.ts';
import type {
  Change,
  Client,
  Data,
  DocEvent,
  Driver,
  Listener,
  QueryEvent,
  QuerySpec,
} from './support/types.ts';
import { S, tsMillis } from './support/values.ts';

const ids = (docs: { id: string }[]) => docs.map((d) => d.id);

/** Waits for the listener's first snapshot that is not from cache (the server's initial result). */
function initialSnapshot<E extends { fromCache: boolean }>(l: Listener<E>, what: string) {
  return waitForEvent(
    l,
    `${what}: first snapshot from the server (fromCache=false)`,
    (e) => !e.fromCache,
  );
}

/** Waits for the first event after index `from` that carries document changes from the server. */
function nextChange(l: Listener<QueryEvent>, what: string, from: number) {
  return waitForEvent(
    l,
    what,
    (e) => e.changes.length > 0 && !e.hasPendingWrites && !e.fromCache,
    from,
  );
}

const SEED: Record<string, { region: string; price: number; tags: string[] }> = {
  p01: { region: 'north', price: 100, tags: ['coast'] },
  p02: { region: 'north', price: 250, tags: ['river'] },
  p03: { region: 'south', price: 50, tags: ['coast', 'river'] },
  p04: { region: 'east', price: 400, tags: [] },
  p05: { region: 'west', price: 700, tags: ['coast'] },
  p06: { region: 'north', price: 900, tags: ['mountain'] },
  p07: { region: 'south', price: 300, tags: ['river'] },
  p08: { region: 'east', price: 600, tags: ['coast', 'mountain'] },
  p09: { region: 'west', price: 150, tags: [] },
  p10: { region: 'north', price: 500, tags: ['coast'] },
};

const QUERY_CASES: [name: string, spec: QuerySpec, expected: string[]][] = [
  [
    '== (ordered by document id)',
    { where: [['region', '==', 'north']] },
    ['p01', 'p02', 'p06', 'p10'],
  ],
  [
    '< (implicitly ordered by the field)',
    { where: [['price', '<', 300]] },
    ['p03', 'p01', 'p09', 'p02'],
  ],
  [
    '>= and <= range',
    {
      where: [
        ['price', '>=', 500],
        ['price', '<=', 700],
      ],
    },
    ['p10', 'p08', 'p05'],
  ],
  ['in', { where: [['region', 'in', ['east', 'west']]] }, ['p04', 'p05', 'p08', 'p09']],
  ['not-in', { where: [['region', 'not-in', ['north', 'south']]] }, ['p04', 'p08', 'p05', 'p09']],
  ['!=', { where: [['region', '!=', 'north']] }, ['p04', 'p08', 'p03', 'p07', 'p05', 'p09']],
  [
    'array-contains',
    { where: [['tags', 'array-contains', 'coast']] },
    ['p01', 'p03', 'p05', 'p08', 'p10'],
  ],
  [
    'array-contains-any',
    { where: [['tags', 'array-contains-any', ['river', 'mountain']]] },
    ['p02', 'p03', 'p06', 'p07', 'p08'],
  ],
  ['orderBy desc + limit', { orderBy: [['price', 'desc']], limit: 3 }, ['p06', 'p05', 'p08']],
  [
    'orderBy + startAfter cursor + limit',
    { orderBy: [['price', 'asc']], startAfter: [300], limit: 3 },
    ['p04', 'p10', 'p08'],
  ],
  [
    'orderBy + startAt/endAt cursors',
    { orderBy: [['price']], startAt: [250], endAt: [400] },
    ['p02', 'p07', 'p04'],
  ],
  ['orderBy + endBefore cursor', { orderBy: [['price']], endBefore: [150] }, ['p03', 'p01']],
  ['orderBy + limitToLast', { orderBy: [['price']], limitToLast: 2 }, ['p05', 'p06']],
  ['limit without orderBy (document id order)', { limit: 2 }, ['p01', 'p02']],
  [
    'two orderBy fields',
    {
      orderBy: [
        ['region', 'asc'],
        ['price', 'desc'],
      ],
    },
    ['p08', 'p04', 'p06', 'p10', 'p02', 'p01', 'p07', 'p03', 'p05', 'p09'],
  ],
  [
    'composite: == and > with orderBy',
    {
      where: [
        ['region', '==', 'north'],
        ['price', '>', 200],
      ],
      orderBy: [['price']],
    },
    ['p02', 'p10', 'p06'],
  ],
  [
    'composite: array-contains and ==',
    {
      where: [
        ['tags', 'array-contains', 'coast'],
        ['region', '==', 'north'],
      ],
    },
    ['p01', 'p10'],
  ],
  [
    'composite cursor: == + orderBy + startAfter',
    {
      where: [['region', '==', 'north']],
      orderBy: [['price', 'desc']],
      startAfter: [900],
      limit: 2,
    },
    ['p10', 'p02'],
  ],
];

/** What a driver's SDK lacks, as a skipped test's name says it. */
const MISSING_CAPABILITY: Record<keyof Driver['caps'], string> = {
  metadata: 'its SDK has no pending-write metadata on snapshots',
  network: 'its SDK cannot go offline and back (no disableNetwork)',
};

export function conformanceSuite(makeDriver: () => Driver) {
  const driver = makeDriver();
  /** `it` when the driver has `capability`, else a skip whose name says why. */
  const itNeeds =
    (capability: keyof Driver['caps']) => (name: string, body: () => Promise<void>) =>
      driver.caps[capability]
        ? it(name, body)
        : it.skip(`${name}: skipped for ${driver.name}, ${MISSING_CAPABILITY[capability]}`, body);

  describe(`firestore conformance [${driver.name}]`, () => {
    const scope = new Scope(() => driver);
    beforeAll(() => driver.setup(), 120_000);
    afterAll(() => driver.teardown());
    afterEach(() => scope.cleanup());

    describe('CRUD', () => {
      it('set, get, update, merge, add, delete', async () => {
        const c = await scope.client(scope.project());
        const doc = {
          name: 'plot',
          text: 'Señora de Covadonga — Asturias ✝ 𝄞 ñandú 日本',
          n: 1,
          price: 25000.5,
          ok: true,
          none: null,
          nested: { k: 'v', deep: { x: 1 } },
          arr: [1, 'two', { three: 3 }],
          when: { __ts: { seconds: 1_700_000_000, nanos: 123_456_000 } },
        };
        await c.set('items/a', doc);
        expect(await c.get('items/a')).toEqual({ id: 'a', exists: true, data: doc });

        expect(await c.get('items/missing')).toEqual({ id: 'missing', exists: false, data: null });

        await c.update('items/a', {
          n: 2,
          'nested.k': 'w',
          'nested.deep.y': 2,
          none: S.deleteField(),
        });
        const { none: _none, ...rest } = doc;
        expect((await c.get('items/a')).data).toEqual({
          ...rest,
          n: 2,
          nested: { k: 'w', deep: { x: 1, y: 2 } },
        });

        await c.set('items/a', { extra: 'e', nested: { z: 0 } }, { merge: true });
        expect((await c.get('items/a')).data).toEqual({
          ...rest,
          n: 2,
          extra: 'e',
          nested: { k: 'w', z: 0, deep: { x: 1, y: 2 } },
        });

        await c.set('items/a', { only: 'this' });
        expect((await c.get('items/a')).data).toEqual({ only: 'this' });

        const id = await c.add('items', { added: true });
        expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(await c.get(`items/${id}`)).toEqual({ id, exists: true, data: { added: true } });

        await c.delete('items/a');
        expect((await c.get('items/a')).exists).toBe(false);
        await c.delete('items/never-existed'); // deleting a missing document succeeds
        expect(ids(await c.query('items', {}))).toEqual([id]);
      });

      it('special numbers, null and mixed-type ordering', async () => {
        const c = await scope.client(scope.project());
        const v = {
          big: 9007199254740991,
          neg: -5,
          nan: NaN,
          inf: Infinity,
          ninf: -Infinity,
          d: 0.1,
          z: 0,
        };
        await c.set('n/a', v);
        expect((await c.get('n/a')).data).toEqual(v);
        await c.set('n/b', { nan: 1 });
        await c.set('n/c', { nul: null });
        expect(ids(await c.query('n', { where: [['nan', '==', NaN]] }))).toEqual(['a']);
        expect(ids(await c.query('n', { where: [['nan', '!=', NaN]] }))).toEqual(['b']);
        expect(ids(await c.query('n', { where: [['nul', '==', null]] }))).toEqual(['c']);
        await c.batch(
          [
            ['1', 'a'],
            ['2', 5],
            ['3', true],
            ['4', null],
          ].map(([id, k]) => ({ op: 'set' as const, path: `m/${id}`, data: { k } })),
        );
        expect(ids(await c.query('m', { orderBy: [['k']] }))).toEqual(['4', '3', '2', '1']);
      });

      it('update of a missing document fails with not-found and writes nothing', async () => {
        const c = await scope.client(scope.project());
        await expect(c.update('items/ghost', { a: 1 })).rejects.toMatchObject({
          code: 'not-found',
        });
        expect((await c.get('items/ghost')).exists).toBe(false);
      });

      it('batch: applies all writes atomically, or none', async () => {
        const c = await scope.client(scope.project());
        await c.set('b/keep', { v: 0 });
        await c.set('b/gone', { v: 0 });
        await c.batch([
          { op: 'set', path: 'b/new', data: { v: 1 } },
          { op: 'update', path: 'b/keep', data: { v: 2 } },
          { op: 'delete', path: 'b/gone' },
        ]);
        expect((await c.query('b', {})).map((d) => [d.id, d.data])).toEqual([
          ['keep', { v: 2 }],
          ['new', { v: 1 }],
        ]);

        await expect(
          c.batch([
            { op: 'set', path: 'b/x', data: { v: 1 } },
            { op: 'update', path: 'b/keep', data: { v: 3 } },
            { op: 'update', path: 'b/missing', data: { v: 1 } },
          ]),
        ).rejects.toMatchObject({ code: 'not-found' });
        expect((await c.get('b/x')).exists).toBe(false);
        expect((await c.get('b/keep')).data).toEqual({ v: 2 });
      });
    });

    describe('queries', () => {
      const seedScope = new Scope(() => driver);
      let c: Client;
      beforeAll(async () => {
        c = await seedScope.client(seedScope.project());
        await c.batch(
          Object.entries(SEED).map(([id, data]) => ({
            op: 'set' as const,
            path: `plots/${id}`,
            data,
          })),
        );
        // A document in another collection and one in a subcollection must not leak into results.
        await c.set('other/p99', { region: 'north', price: 1, tags: ['coast'] });
        await c.set('plots/p01/sub/p98', { region: 'north', price: 1, tags: ['coast'] });
      });
      afterAll(() => seedScope.cleanup());

      it.each(QUERY_CASES)('%s', async (_name, spec, expected) => {
        const res = await c.query('plots', spec);
        expect(ids(res)).toEqual(expected);
        for (const d of res) expect(d.data).toEqual(SEED[d.id]);
      });

      it('count aggregation', async () => {
        expect(await c.count('plots', {})).toBe(10);
        expect(await c.count('plots', { where: [['region', '==', 'north']] })).toBe(4);
        expect(await c.count('plots', { where: [['price', '>', 10_000]] })).toBe(0);
      });

      it('collection group query spans every collection with that id', async () => {
        const res = await c.query('sub', { group: true, where: [['region', '==', 'north']] });
        expect(res.map((d) => [d.id, d.data])).toEqual([
          ['p98', { region: 'north', price: 1, tags: ['coast'] }],
        ]);
      });
    });

    describe('transforms', () => {
      it('serverTimestamp, increment, arrayUnion, arrayRemove', async () => {
        const c = await scope.client(scope.project());
        const path = 't/doc';
        const before = Date.now();
        await c.set(path, {
          created: S.serverTimestamp(),
          count: S.increment(5),
          tags: S.arrayUnion('a', 'b', 'a'),
          name: 'x',
        });
        const after = Date.now();
        let d = (await c.get(path)).data as Data;
        expect(d.count).toBe(5);
        expect(d.tags).toEqual(['a', 'b']);
        const created = tsMillis(d.created);
        expect(created).toBeGreaterThanOrEqual(before - 2000);
        expect(created).toBeLessThanOrEqual(after + 2000);

        await sleep(5);
        await c.update(path, {
          count: S.increment(2),
          tags: S.arrayUnion('b', 'c'),
          updated: S.serverTimestamp(),
        });
        d = (await c.get(path)).data as Data;
        expect(d.count).toBe(7);
        expect(d.tags).toEqual(['a', 'b', 'c']);
        expect(tsMillis(d.updated)).toBeGreaterThan(created);
        expect(tsMillis(d.created)).toBe(created);

        await c.update(path, { tags: S.arrayRemove('a', 'zzz'), count: S.increment(1.5) });
        d = (await c.get(path)).data as Data;
        expect(d.tags).toEqual(['b', 'c']);
        expect(d.count).toBe(8.5);

        // increment on a non-numeric field replaces it; array transforms on missing fields.
        await c.update(path, {
          name: S.increment(3),
          fresh: S.arrayUnion({ k: 1 }, { k: 1 }),
          none: S.arrayRemove('q'),
        });
        d = (await c.get(path)).data as Data;
        expect(d.name).toBe(3);
        expect(d.fresh).toEqual([{ k: 1 }]);
        expect(d.none).toEqual([]);
      });

      it('increment is applied atomically by concurrent writers', async () => {
        const p = scope.project();
        const clients = await Promise.all([0, 1, 2].map(() => scope.client(p)));
        await clients[0]!.set('t/counter', { n: 0 });
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            clients[i % 3]!.update('t/counter', { n: S.increment(1) }),
          ),
        );
        expect((await clients[0]!.get('t/counter')).data).toEqual({ n: 30 });
      });
    });

    describe('transactions', () => {
      it('20 concurrent transactions incrementing one counter end at exactly 20', async () => {
        const p = scope.project();
        const clients = await Promise.all([0, 1, 2, 3].map(() => scope.client(p)));
        const path = 'tx/counter';
        await clients[0]!.set(path, { count: 0 });
        const runs = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            clients[i % clients.length]!.transaction(
              async (tx, a: { path: string }) => {
                const s = await tx.get(a.path);
                const seen = (s.data as { count: number }).count;
                tx.update(a.path, { count: seen + 1 });
                return seen;
              },
              { path },
              { maxAttempts: 25 },
            ),
          ),
        );
        const failed = runs
          .filter((r) => r.status === 'rejected')
          .map((r) => String((r as PromiseRejectedResult).reason));
        expect(failed, 'every transaction commits (with retries)').toEqual([]);
        const seen = runs
          .map((r) => (r as PromiseFulfilledResult<{ result: number }>).value.result)
          .sort((a, b) => a - b);
        // Each committed transaction read a distinct predecessor value: no lost or doubled updates.
        expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
        expect((await clients[0]!.get(path)).data).toEqual({ count: 20 });
      }, 120_000);

      it('50 buyers racing for one plot: exactly one wins and owns it', async () => {
        const p = scope.project();
        const clients = await Promise.all([0, 1, 2, 3].map(() => scope.client(p)));
        const path = 'cells/c1';
        await clients[0]!.set(path, { owner: null, state: 'available' });
        const runs = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) =>
            clients[i % clients.length]!.transaction(
              async (tx, a: { path: string; buyer: string }) => {
                const s = await tx.get(a.path);
                const owner = (s.data as { owner: string | null }).owner;
                if (owner) throw new Error(`ALREADY_OWNED by ${owner}`);
                tx.update(a.path, { owner: a.buyer, state: 'bought' });
                return a.buyer;
              },
              { path, buyer: `buyer-${i}` },
              { maxAttempts: 25 },
            ),
          ),
        );
        const winners = runs
          .filter((r) => r.status === 'fulfilled')
          .map((r) => (r as PromiseFulfilledResult<{ result: string }>).value.result);
        const losers = runs
          .filter((r) => r.status === 'rejected')
          .map((r) =>
            String(
              (r as PromiseRejectedResult).reason?.message ?? (r as PromiseRejectedResult).reason,
            ),
          );
        expect(winners, 'exactly one buyer wins').toHaveLength(1);
        expect(losers).toHaveLength(49);
        const unexpected = losers.filter((m) => !m.includes(`ALREADY_OWNED by ${winners[0]}`));
        expect(unexpected, 'every loser saw the winner as owner (no other failures)').toEqual([]);
        expect((await clients[0]!.get(path)).data).toEqual({ owner: winners[0], state: 'bought' });
      }, 120_000);

      it('a transaction that updates a missing document fails with not-found', async () => {
        const c = await scope.client(scope.project());
        await expect(
          c.transaction(
            async (tx, a: { path: string }) => {
              tx.update(a.path, { x: 1 });
              return true;
            },
            { path: 'tx/ghost' },
          ),
        ).rejects.toMatchObject({ code: 'not-found' });
        expect((await c.get('tx/ghost')).exists).toBe(false);
      });

      it('read-then-create on a missing document, and read-only documents are verified', async () => {
        const c = await scope.client(scope.project());
        await c.set('tx/config', { rate: 3 });
        const r = await c.transaction(
          async (tx, a: { src: string; dst: string }) => {
            const cfg = await tx.get(a.src);
            const dst = await tx.get(a.dst);
            if (dst.exists) throw new Error('dst exists');
            tx.set(a.dst, { value: (cfg.data as { rate: number }).rate * 2 });
            return 'done';
          },
          { src: 'tx/config', dst: 'tx/new' },
        );
        expect(r.result).toBe('done');
        expect((await c.get('tx/new')).data).toEqual({ value: 6 });
      });
    });

    describe('listeners', () => {
      it('a document listener sees create, update and delete in order', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        const l = await L.listenDoc('docs/d');
        const first = await initialSnapshot(l, 'doc listener');
        expect(first.event.exists).toBe(false);

        await W.set('docs/d', { v: 1 });
        const e1 = await waitForEvent(
          l,
          'doc created (v=1)',
          (e: DocEvent) => e.exists && !e.fromCache,
          first.index + 1,
        );
        expect(e1.event.data).toEqual({ v: 1 });
        await W.update('docs/d', { v: 2, w: 'ñ — ✝ 𝄞 日本' });
        const e2 = await waitForEvent(
          l,
          'doc updated (v=2)',
          (e: DocEvent) => e.exists && (e.data as Data).v !== 1,
          e1.index + 1,
        );
        expect(e2.event.data).toEqual({ v: 2, w: 'ñ — ✝ 𝄞 日本' });
        await W.delete('docs/d');
        const e3 = await waitForEvent(l, 'doc deleted', (e: DocEvent) => !e.exists, e2.index + 1);
        expect(e3.event.data).toBeNull();
      });

      it('a query listener sees added, modified and removed changes with the right documents', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        const l = await L.listenQuery('rooms', { where: [['open', '==', true]] });
        const init = await initialSnapshot(l, 'query listener');
        expect(init.event.docs).toEqual([]);

        const steps: [string, () => Promise<unknown>, Change[]][] = [
          [
            'add a',
            () => W.set('rooms/a', { open: true, n: 1 }),
            [{ type: 'added', id: 'a', data: { open: true, n: 1 } }],
          ],
          [
            'add b',
            () => W.set('rooms/b', { open: true, n: 2 }),
            [{ type: 'added', id: 'b', data: { open: true, n: 2 } }],
          ],
          [
            'modify a',
            () => W.update('rooms/a', { n: 10 }),
            [{ type: 'modified', id: 'a', data: { open: true, n: 10 } }],
          ],
          [
            'delete b',
            () => W.delete('rooms/b'),
            [{ type: 'removed', id: 'b', data: { open: true, n: 2 } }],
          ],
          [
            'a leaves the query',
            () => W.update('rooms/a', { open: false }),
            [{ type: 'removed', id: 'a', data: { open: true, n: 10 } }],
          ],
          [
            'a re-enters the query',
            () => W.update('rooms/a', { open: true }),
            [{ type: 'added', id: 'a', data: { open: true, n: 10 } }],
          ],
          [
            'non-matching doc is not delivered, then c added',
            async () => {
              await W.set('rooms/z', { open: false });
              await W.set('rooms/c', { open: true });
            },
            [{ type: 'added', id: 'c', data: { open: true } }],
          ],
        ];
        let from = init.index + 1;
        for (const [what, write, expected] of steps) {
          await write();
          const ev = await nextChange(l, `query change after "${what}"`, from);
          expect(ev.event.changes, what).toEqual(expected);
          from = ev.index + 1;
        }
        const all = await l.events();
        expect(ids(all[all.length - 1]!.docs)).toEqual(['a', 'c']);
      });

      it('changes arrive in commit order (burst of sequential commits)', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        await W.set('seq/counter', { v: 0 });
        const dl = await L.listenDoc('seq/counter');
        const ql = await L.listenQuery('seq', {
          where: [['kind', '==', 'item']],
          orderBy: [['n', 'asc']],
        });
        await initialSnapshot(dl, 'doc listener');
        await initialSnapshot(ql, 'query listener');
        for (let i = 1; i <= 10; i++) {
          await W.update('seq/counter', { v: i });
          await W.set(`seq/item${String(i).padStart(2, '0')}`, { kind: 'item', n: i });
        }
        await waitForEvent(
          dl,
          'doc listener to reach v=10',
          (e: DocEvent) => (e.data as Data | null)?.v === 10 && !e.fromCache,
        );
        await waitForEvent(
          ql,
          'query listener to hold 10 items',
          (e: QueryEvent) => e.docs.length === 10 && !e.fromCache,
        );
        const vs = (await dl.events())
          .filter((e) => e.exists)
          .map((e) => (e.data as { v: number }).v);
        const distinct = vs.filter((v, i) => i === 0 || v !== vs[i - 1]);
        expect(
          [...distinct].sort((a, b) => a - b),
          `doc values in order: ${JSON.stringify(distinct)}`,
        ).toEqual(distinct);
        expect(distinct[distinct.length - 1]).toBe(10);
        const changes = (await ql.events()).filter((e) => !e.fromCache).flatMap((e) => e.changes);
        expect(
          changes.every((ch) => ch.type === 'added'),
          JSON.stringify(changes),
        ).toBe(true);
        expect(changes.map((ch) => ch.id)).toEqual(
          Array.from({ length: 10 }, (_, i) => `item${String(i + 1).padStart(2, '0')}`),
        );
      });

      it('orderBy + limit listener keeps the right window', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        await W.batch(
          [1, 5, 9].map((n) => ({ op: 'set' as const, path: `top/d${n}`, data: { n } })),
        );
        const l = await L.listenQuery('top', { orderBy: [['n', 'desc']], limit: 2 });
        const init = await initialSnapshot(l, 'limit listener');
        expect(ids(init.event.docs)).toEqual(['d9', 'd5']);
        await W.set('top/d7', { n: 7 });
        const e1 = await waitForEvent(
          l,
          'd7 enters the window',
          (e: QueryEvent) => ids(e.docs).join() === 'd9,d7' && !e.fromCache,
          init.index + 1,
        );
        expect(e1.event.changes.map((c) => [c.type, c.id]).sort()).toEqual([
          ['added', 'd7'],
          ['removed', 'd5'],
        ]);
        await W.delete('top/d9');
        const e2 = await waitForEvent(
          l,
          'd5 re-enters after d9 is deleted',
          (e: QueryEvent) => ids(e.docs).join() === 'd7,d5' && !e.fromCache,
          e1.index + 1,
        );
        expect(e2.event.changes.map((c) => [c.type, c.id]).sort()).toEqual([
          ['added', 'd5'],
          ['removed', 'd9'],
        ]);
      });

      it('orderBy + limitToLast listener follows a document that moves to the end', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        await W.batch([1, 2, 3].map((n) => ({ op: 'set' as const, path: `o/d${n}`, data: { n } })));
        const l = await L.listenQuery('o', { orderBy: [['n']], limitToLast: 2 });
        const init = await initialSnapshot(l, 'limitToLast listener');
        expect(ids(init.event.docs)).toEqual(['d2', 'd3']);
        await W.update('o/d1', { n: 10 });
        const ev = await waitForEvent(
          l,
          'd1 moves to the end',
          (e: QueryEvent) => !e.fromCache && ids(e.docs).join() === 'd3,d1',
          init.index + 1,
        );
        expect(ev.event.changes.map((c) => [c.type, c.id]).sort()).toEqual([
          ['added', 'd1'],
          ['removed', 'd2'],
        ]);
      });

      it('listeners are isolated per project', async () => {
        const pa = scope.project();
        const pb = scope.project();
        const L = await scope.client(pa);
        const Wb = await scope.client(pb);
        const Wa = await scope.client(pa);
        const l = await L.listenQuery('iso', {});
        const init = await initialSnapshot(l, 'query listener');
        await Wb.set('iso/x', { project: 'b' });
        await Wa.set('iso/y', { project: 'a' });
        const ev = await nextChange(l, 'the write in the same project', init.index + 1);
        expect(ev.event.changes).toEqual([{ type: 'added', id: 'y', data: { project: 'a' } }]);
        const all = (await l.events()).flatMap((e) => e.changes.map((c) => c.id));
        expect(all).toEqual(['y']);
      });

      itNeeds('metadata')(
        'own write: pending snapshot first, then acknowledged by the server',
        async () => {
          const c = await scope.client(scope.project());
          const l = await c.listenDoc('own/d');
          const init = await initialSnapshot(l, 'doc listener');
          await c.set('own/d', { v: 1 });
          const pending = await waitForEvent(
            l,
            'latency-compensated snapshot',
            (e: DocEvent) => e.exists,
            init.index + 1,
          );
          expect(pending.event.hasPendingWrites).toBe(true);
          const acked = await waitForEvent(
            l,
            'snapshot without pending writes',
            (e: DocEvent) => e.exists && !e.hasPendingWrites,
            pending.index + 1,
          );
          expect(acked.event.data).toEqual({ v: 1 });
        },
      );
    });

    describe('resume', () => {
      itNeeds('network')(
        'listeners catch up after the stream is dropped and re-opened',
        async () => {
          const p = scope.project();
          const L = await scope.client(p);
          const W = await scope.client(p);
          await W.batch(
            [1, 2, 3].map((n) => ({ op: 'set' as const, path: `r/d${n}`, data: { n, v: 0 } })),
          );
          const ql = await L.listenQuery('r', { orderBy: [['n', 'asc']] });
          const dl = await L.listenDoc('r/d2');
          const init = await initialSnapshot(ql, 'query listener');
          expect(ids(init.event.docs)).toEqual(['d1', 'd2', 'd3']);
          await initialSnapshot(dl, 'doc listener');

          await L.disableNetwork!();
          const offline = await waitForEvent(
            ql,
            'fromCache snapshot after disableNetwork',
            (e: QueryEvent) => e.fromCache,
            init.index + 1,
          );
          await W.update('r/d1', { v: 1 });
          await W.delete('r/d2');
          await W.set('r/d4', { n: 4, v: 0 });
          await sleep(200);
          await L.enableNetwork!();

          const expected = [
            { id: 'd1', data: { n: 1, v: 1 } },
            { id: 'd3', data: { n: 3, v: 0 } },
            { id: 'd4', data: { n: 4, v: 0 } },
          ];
          await waitForEvent(
            ql,
            'query listener to converge on [d1(v=1), d3, d4] from the server after enableNetwork',
            (e: QueryEvent) => !e.fromCache && JSON.stringify(e.docs) === JSON.stringify(expected),
            offline.index + 1,
            15_000,
          );
          await waitForEvent(
            dl,
            'doc listener to see d2 deleted',
            (e: DocEvent) => !e.exists && !e.fromCache,
            0,
            15_000,
          );

          // The resumed stream is live: a later commit still arrives, and no deleted doc lingers.
          const before = (await ql.events()).length;
          await W.set('r/d5', { n: 5, v: 0 });
          const live = await waitForEvent(
            ql,
            'd5 after resume',
            (e: QueryEvent) => ids(e.docs).includes('d5') && !e.fromCache,
            before,
          );
          expect(ids(live.event.docs)).toEqual(['d1', 'd3', 'd4', 'd5']);
        },
      );

      itNeeds('network')('writes made while offline are sent after re-connecting', async () => {
        const p = scope.project();
        const L = await scope.client(p);
        const W = await scope.client(p);
        await L.get('q/warm'); // opens the streams
        await L.disableNetwork!();
        const pendingWrite = L.set('q/offline', { made: 'offline' });
        await sleep(100);
        expect((await W.get('q/offline')).exists).toBe(false);
        await L.enableNetwork!();
        await pendingWrite;
        await waitFor(
          'the offline write to reach the server',
          async () => (await W.get('q/offline')).exists,
        );
        expect((await W.get('q/offline')).data).toEqual({ made: 'offline' });
      });
    });
  });
}
