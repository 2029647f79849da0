/**
 * The wiring of security rules into the core, with a tiny hand-written CompiledRules (no
 * engine): which requests reach it, with what, and what a denial looks like.
 */
import { describe, expect, it } from 'vitest';
import { createAccessHooks, RulesRegistry } from '../../src/access.ts';
import { Code, type Caller } from '../../src/backend.ts';
import type { ListenResponse, Value } from '../../src/proto-types.ts';
import { createBackend, createCoreState } from '../../src/core/index.ts';
import type { CompiledRules, RulesRequest } from '../../src/rules/contract.ts';

const DB = 'projects/p/databases/(default)';
const doc = (path: string) => `${DB}/documents/${path}`;
const alice: Caller = { owner: false, auth: { uid: 'alice', token: { sub: 'alice' } } };
const signedOut: Caller = { owner: false, auth: null };

/** Allows what `decide` allows; records every request it sees. */
function handRules(
  decide: (request: RulesRequest, lookup: Parameters<CompiledRules['authorize']>[1]) => boolean,
) {
  const seen: RulesRequest[] = [];
  const rules: CompiledRules = {
    source: '(hand-written)',
    authorize(request, lookup) {
      seen.push(request);
      return decide(request, lookup)
        ? { allowed: true }
        : { allowed: false, message: `\nfalse for '${request.method}' @ L1` };
    },
  };
  return { rules, seen };
}

function emulatorWith(rules?: CompiledRules) {
  const registry = new RulesRegistry();
  if (rules) registry.setProjectRules('p', rules);
  const backend = createBackend(createCoreState(createAccessHooks(registry)));
  return { backend, registry };
}

const set = (path: string, fields: Record<string, Value> = {}) => ({
  update: { name: doc(path), fields },
});

describe('security rules wiring', () => {
  it('a project with no rules allows everything', async () => {
    const { backend } = emulatorWith();
    await backend.commit({ database: DB, writes: [set('c/a')] }, signedOut);
    await expect(backend.getDocument({ name: doc('c/a') }, signedOut)).resolves.toBeTruthy();
  });

  it('get: the rules see the method, full name, auth and stored resource; a denial is 7', async () => {
    const { rules, seen } = handRules((r) => r.auth?.uid === 'alice');
    const { backend } = emulatorWith(rules);
    await backend.commit({ database: DB, writes: [set('c/a', { n: { integerValue: '1' } })] });
    await expect(backend.getDocument({ name: doc('c/a') }, alice)).resolves.toBeTruthy();
    expect(seen[0]).toMatchObject({
      method: 'get',
      path: doc('c/a'),
      auth: { uid: 'alice' },
      resource: { name: doc('c/a'), fields: { n: { integerValue: '1' } } },
      requestResource: null,
    });
    await expect(backend.getDocument({ name: doc('c/a') }, signedOut)).rejects.toMatchObject({
      code: Code.PERMISSION_DENIED,
      message: "\nfalse for 'get' @ L1",
    });
  });

  it('the owner and in-process calls never reach the rules', async () => {
    const { rules, seen } = handRules(() => false);
    const { backend } = emulatorWith(rules);
    await backend.commit({ database: DB, writes: [set('c/a')] }, { owner: true });
    await backend.getDocument({ name: doc('c/a') });
    await backend.runQuery(
      { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }] } },
      { owner: true },
    );
    expect(seen).toEqual([]);
  });

  it('a query is one list of its collection, with the query; denied before any result', async () => {
    const { rules, seen } = handRules((r) => r.method !== 'list' || r.query?.limit !== undefined);
    const { backend } = emulatorWith(rules);
    const structuredQuery = { from: [{ collectionId: 'orders' }] };
    const parent = `${DB}/documents/users/u1`;
    await expect(backend.runQuery({ parent, structuredQuery }, alice)).rejects.toMatchObject({
      code: 7,
    });
    expect(seen[0]).toMatchObject({
      method: 'list',
      path: doc('users/u1/orders'),
      allDescendants: false,
    });
    const group = { from: [{ collectionId: 'orders', allDescendants: true }] };
    await expect(
      backend.runAggregationQuery(
        {
          parent: `${DB}/documents`,
          structuredAggregationQuery: { structuredQuery: group, aggregations: [{ count: {} }] },
        },
        alice,
      ),
    ).rejects.toMatchObject({ code: 7 });
    expect(seen[1]).toMatchObject({ method: 'list', path: doc('orders'), allDescendants: true });
    const limited = { ...structuredQuery, limit: { value: 5 } };
    await expect(
      backend.runQuery({ parent, structuredQuery: limited }, alice),
    ).resolves.toBeTruthy();
  });

  it('writes: create / update / delete, each write decided with getAfter on the whole commit', async () => {
    // A game may be created only if the commit also creates its index entry (getAfter).
    const { rules, seen } = handRules((r, lookup) => {
      if (r.path.includes('/games/') && r.method === 'create') {
        return lookup.after(doc('index/' + r.path.split('/').pop())) !== null;
      }
      return r.method !== 'delete';
    });
    const { backend } = emulatorWith(rules);
    await expect(
      backend.commit({ database: DB, writes: [set('games/g1')] }, alice),
    ).rejects.toMatchObject({ code: 7 });
    await expect(backend.getDocument({ name: doc('games/g1') })).rejects.toMatchObject({ code: 5 });
    seen.length = 0;
    await backend.commit(
      { database: DB, writes: [set('games/g1', { a: { integerValue: '1' } }), set('index/g1')] },
      alice,
    );
    expect(seen.map((r) => [r.method, r.path])).toEqual([
      ['create', doc('games/g1')],
      ['create', doc('index/g1')],
    ]);
    expect(seen[0]!.requestResource?.fields).toEqual({ a: { integerValue: '1' } });
    seen.length = 0;
    await backend.commit(
      { database: DB, writes: [set('index/g1', { b: { integerValue: '2' } })] },
      alice,
    );
    expect(seen[0]).toMatchObject({
      method: 'update',
      resource: { fields: {} },
      requestResource: { fields: { b: { integerValue: '2' } } },
    });
    await expect(
      backend.commit({ database: DB, writes: [{ delete: doc('index/g1') }] }, alice),
    ).rejects.toMatchObject({ code: 7 });
    await expect(backend.getDocument({ name: doc('index/g1') })).resolves.toBeTruthy();
  });

  it('batchWrite answers 7 per denied write; create/update/deleteDocument go through the rules', async () => {
    const { rules } = handRules((r) => !r.path.endsWith('/no'));
    const { backend } = emulatorWith(rules);
    const result = await backend.batchWrite(
      { database: DB, writes: [set('c/yes'), set('c/no')] },
      alice,
    );
    expect(result.status?.map((s) => s.code)).toEqual([0, 7]);
    await expect(
      backend.createDocument(
        {
          parent: `${DB}/documents`,
          collectionId: 'c',
          documentId: 'no',
          document: { fields: {} },
        },
        alice,
      ),
    ).rejects.toMatchObject({ code: 7 });
    await expect(
      backend.updateDocument({ document: { name: doc('c/no'), fields: {} } }, alice),
    ).rejects.toMatchObject({ code: 7 });
    await expect(backend.deleteDocument({ name: doc('c/no') }, alice)).rejects.toMatchObject({
      code: 7,
    });
    await expect(backend.deleteDocument({ name: doc('c/yes') }, alice)).resolves.toBeUndefined();
  });

  it('Listen: a denied target is removed with cause 7; allowed targets work; rules replaced take effect for new targets', async () => {
    const { rules } = handRules((r) => r.method === 'list' || r.path.endsWith('/open'));
    const { backend, registry } = emulatorWith(rules);
    await backend.commit({ database: DB, writes: [set('c/open'), set('c/secret')] });
    const sent: (ListenResponse & { failed?: unknown })[] = [];
    const stream = backend.openListen(
      { send: (m) => sent.push(m), fail: (e) => sent.push({ failed: e }) },
      alice,
    );
    stream.onRequest({
      database: DB,
      addTarget: { targetId: 2, documents: { documents: [doc('c/secret')] } },
    });
    expect(sent).toEqual([
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [2],
          cause: { code: 7, message: "\nfalse for 'get' @ L1" },
        },
      },
    ]);
    sent.length = 0;
    stream.onRequest({
      database: DB,
      addTarget: {
        targetId: 4,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }] } },
      },
    });
    expect(sent.filter((m) => m.documentChange).length).toBe(2);
    registry.setProjectRules('p', handRules(() => false).rules);
    sent.length = 0;
    stream.onRequest({
      database: DB,
      addTarget: { targetId: 6, documents: { documents: [doc('c/open')] } },
    });
    expect(sent[0]?.targetChange?.cause?.code).toBe(7);
    stream.close();
  });
});
