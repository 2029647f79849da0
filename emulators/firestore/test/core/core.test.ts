import { describe, expect, it } from 'vitest';
import { Code, type FirestoreError } from '../../src/backend.ts';
import type {
  ListenResponse,
  StructuredQuery,
  StructuredQuery_FieldFilter_Operator,
  Value,
  Write,
} from '../../src/proto-types.ts';
import { createBackend } from '../../src/core/index.ts';
import { present, type Present } from '../present.ts';

/** The core, its answers read as Present (see ../present.ts). */
const backend = () => present(createBackend());
type Backend = Present<ReturnType<typeof createBackend>>;
import { compareValues } from '../../src/core/values.ts';

const DB = 'projects/p/databases/(default)';
const N = (p: string) => `${DB}/documents/${p}`;
const int = (n: number | string) => ({ integerValue: String(n) });
const dbl = (n: number) => ({ doubleValue: n });
const str = (s: string) => ({ stringValue: s });

async function set(b: Backend, path: string, fields: Record<string, Value>, extra: Write = {}) {
  return b.commit({ database: DB, writes: [{ update: { name: N(path), fields }, ...extra }] });
}
async function query(b: Backend, sq: StructuredQuery, parent = `${DB}/documents`) {
  const r = await b.runQuery({ parent, structuredQuery: sq });
  return r.filter((x) => x.document).map((x) => x.document.name.split('/').pop());
}
async function code(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 0;
  } catch (e) {
    return (e as FirestoreError).code;
  }
}
const fieldFilter = (f: string, op: StructuredQuery_FieldFilter_Operator, value: Value) => ({
  fieldFilter: { field: { fieldPath: f }, op, value },
});

describe('value ordering', () => {
  it('orders across types as Firestore does', () => {
    const ordered: Value[] = [
      { nullValue: 'NULL_VALUE' },
      { booleanValue: false },
      { booleanValue: true },
      dbl(NaN),
      dbl(-Infinity),
      int(-5),
      dbl(1.5),
      int(2),
      { timestampValue: { seconds: '1', nanos: 5 } },
      str('a'),
      str('b'),
      { bytesValue: Buffer.from([1]) },
      { referenceValue: N('a/b') },
      { geoPointValue: { latitude: 1, longitude: 2 } },
      { arrayValue: { values: [int(1)] } },
      { mapValue: { fields: { a: int(1) } } },
    ];
    for (let i = 0; i < ordered.length - 1; i++)
      expect(compareValues(ordered[i]!, ordered[i + 1]!)).toBe(-1);
    expect(compareValues(int(1), dbl(1))).toBe(0);
    expect(compareValues(int('9007199254740993'), dbl(9007199254740992))).toBe(1);
  });
});

describe('commit and get', () => {
  it('writes with strictly increasing microsecond times, masks, transforms', async () => {
    const b = backend();
    const r1 = await set(b, 'c/d', {
      a: int(1),
      m: { mapValue: { fields: { x: int(1), y: int(2) } } },
    });
    const r2 = await set(
      b,
      'c/d',
      { m: { mapValue: { fields: { x: int(9) } } } },
      { updateMask: { fieldPaths: ['m.x', 'gone'] } },
    );
    expect(
      BigInt(r2.commitTime.seconds) * 1_000_000_000n + BigInt(r2.commitTime.nanos),
    ).toBeGreaterThan(BigInt(r1.commitTime.seconds) * 1_000_000_000n + BigInt(r1.commitTime.nanos));
    expect(r2.commitTime.nanos % 1000).toBe(0);
    const doc = await b.getDocument({ name: N('c/d') });
    expect(doc.fields.m!.mapValue.fields.x).toEqual(int(9));
    expect(doc.fields.m!.mapValue.fields.y).toEqual(int(2));
    expect(doc.createTime).toEqual(r1.writeResults[0]!.updateTime);
    const masked = await b.getDocument({ name: N('c/d'), mask: { fieldPaths: ['a'] } });
    expect(Object.keys(masked.fields)).toEqual(['a']);

    const t = await b.commit({
      database: DB,
      writes: [
        {
          update: {
            name: N('c/t'),
            fields: { i: int(5), d: dbl(1.5), arr: { arrayValue: { values: [int(1), int(2)] } } },
          },
          updateMask: { fieldPaths: [] },
          updateTransforms: [
            { fieldPath: 'i', increment: int(2) },
            { fieldPath: 'd', increment: int(1) },
            { fieldPath: 'big', increment: int('9223372036854775807') },
            { fieldPath: 'mx', maximum: dbl(3) },
            { fieldPath: 'arr', appendMissingElements: { values: [int(2), dbl(3)] } },
            { fieldPath: 'arr2', removeAllFromArray: { values: [int(1)] } },
            { fieldPath: 'ts', setToServerValue: 'REQUEST_TIME' },
          ],
        },
      ],
    });
    const tr = t.writeResults[0]!.transformResults;
    expect(tr[0]).toEqual(int(2)); // mask [] keeps nothing from update: field absent -> increment sets it
    // REQUEST_TIME: the commit time to the millisecond (Firestore's precision for it).
    const { seconds, nanos } = t.commitTime;
    expect(tr[6]!.timestampValue).toEqual({ seconds, nanos: nanos - (nanos % 1_000_000) });
    await b.commit({
      database: DB,
      writes: [
        {
          update: { name: N('c/t'), fields: {} },
          updateMask: { fieldPaths: [] },
          updateTransforms: [
            { fieldPath: 'i', increment: int(2) },
            { fieldPath: 'big', increment: int(1) },
            { fieldPath: 'd', increment: dbl(0.5) },
          ],
        },
      ],
    });
    const td = await b.getDocument({ name: N('c/t') });
    expect(td.fields.i).toEqual(int(4));
    expect(td.fields.big).toEqual(int('9223372036854775807'));
    expect(td.fields.d).toEqual(dbl(1.5));
    expect(td.fields.arr!.arrayValue.values).toEqual([int(2), dbl(3)]);
  });

  it('preconditions give Firestore codes', async () => {
    const b = backend();
    expect(await code(set(b, 'c/x', {}, { currentDocument: { exists: true } }))).toBe(
      Code.NOT_FOUND,
    );
    await set(b, 'c/x', { a: int(1) }, { currentDocument: { exists: false } });
    expect(await code(set(b, 'c/x', {}, { currentDocument: { exists: false } }))).toBe(
      Code.ALREADY_EXISTS,
    );
    expect(
      await code(
        set(b, 'c/x', {}, { currentDocument: { updateTime: { seconds: '1', nanos: 0 } } }),
      ),
    ).toBe(Code.FAILED_PRECONDITION);
    expect(await code(b.getDocument({ name: `${DB}/documents/c` }))).toBe(Code.INVALID_ARGUMENT);
    expect(await code(b.getDocument({ name: 'bogus' }))).toBe(Code.INVALID_ARGUMENT);
    expect(await code(b.getDocument({ name: N('c/none') }))).toBe(Code.NOT_FOUND);
    expect(await code(set(b, 'c/big', { s: str('x'.repeat(1_048_576)) }))).toBe(
      Code.INVALID_ARGUMENT,
    );
    expect(await code(set(b, 'c/' + 'y'.repeat(1600), {}))).toBe(Code.INVALID_ARGUMENT);
    // atomic: second write fails, first is not applied
    expect(
      await code(
        b.commit({
          database: DB,
          writes: [
            { update: { name: N('c/z'), fields: {} } },
            { delete: N('c/q'), currentDocument: { exists: true } },
          ],
        }),
      ),
    ).toBe(Code.NOT_FOUND);
    expect(await code(b.getDocument({ name: N('c/z') }))).toBe(Code.NOT_FOUND);
  });
});

describe('queries', () => {
  async function seed() {
    const b = backend();
    await set(b, 'q/a', { n: int(1), s: str('x'), tags: { arrayValue: { values: [str('red')] } } });
    await set(b, 'q/b', { n: dbl(2.5), s: str('y') });
    await set(b, 'q/c', { n: int(3), s: { nullValue: 'NULL_VALUE' } });
    await set(b, 'q/d', { n: str('text') });
    await set(b, 'q/e', { n: dbl(NaN) });
    await set(b, 'q/a/sub/s1', { n: int(10) });
    await set(b, 'other/z', { n: int(1) });
    return b;
  }
  const from = [{ collectionId: 'q' }];

  it('filters with every operator', async () => {
    const b = await seed();
    expect(await query(b, { from, where: fieldFilter('n', 'GREATER_THAN', int(1)) })).toEqual([
      'b',
      'c',
    ]);
    expect(
      await query(b, { from, where: fieldFilter('n', 'LESS_THAN_OR_EQUAL', dbl(2.5)) }),
    ).toEqual(['a', 'b']);
    expect(await query(b, { from, where: fieldFilter('n', 'EQUAL', dbl(1)) })).toEqual(['a']);
    expect(await query(b, { from, where: fieldFilter('n', 'NOT_EQUAL', int(1)) })).toEqual([
      'e',
      'b',
      'c',
      'd',
    ]);
    expect(
      await query(b, {
        from,
        where: fieldFilter('n', 'IN', { arrayValue: { values: [int(3), str('text')] } }),
      }),
    ).toEqual(['c', 'd']);
    expect(
      await query(b, {
        from,
        where: fieldFilter('s', 'NOT_IN', { arrayValue: { values: [str('x')] } }),
      }),
    ).toEqual(['b']);
    expect(
      await query(b, { from, where: fieldFilter('tags', 'ARRAY_CONTAINS', str('red')) }),
    ).toEqual(['a']);
    expect(
      await query(b, {
        from,
        where: fieldFilter('tags', 'ARRAY_CONTAINS_ANY', {
          arrayValue: { values: [str('blue'), str('red')] },
        }),
      }),
    ).toEqual(['a']);
    expect(
      await query(b, {
        from,
        where: { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 's' } } },
      }),
    ).toEqual(['c']);
    expect(
      await query(b, { from, where: { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'n' } } } }),
    ).toEqual(['e']);
    expect(
      await query(b, {
        from,
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [fieldFilter('n', 'EQUAL', int(1)), fieldFilter('s', 'EQUAL', str('y'))],
          },
        },
      }),
    ).toEqual(['a', 'b']);
    expect(
      await query(b, {
        from,
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              fieldFilter('n', 'GREATER_THAN', int(0)),
              fieldFilter('n', 'LESS_THAN', int(3)),
            ],
          },
        },
      }),
    ).toEqual(['a', 'b']);
    expect(await query(b, { from: [{ collectionId: 'sub', allDescendants: true }] })).toEqual([
      's1',
    ]);
    expect(await query(b, { from: [{ collectionId: 'sub' }] }, N('q/a'))).toEqual(['s1']);
    expect(
      await query(b, {
        from,
        where: fieldFilter('__name__', 'GREATER_THAN', { referenceValue: N('q/c') }),
      }),
    ).toEqual(['d', 'e']);
  });

  it('orders, cursors, offset, limit, select', async () => {
    const b = await seed();
    const orderBy = [{ field: { fieldPath: 'n' }, direction: 'DESCENDING' as const }];
    expect(await query(b, { from, orderBy })).toEqual(['d', 'c', 'b', 'a', 'e']);
    expect(await query(b, { from, orderBy, limit: { value: 2 }, offset: 1 })).toEqual(['c', 'b']);
    const asc = [{ field: { fieldPath: 'n' } }];
    expect(
      await query(b, { from, orderBy: asc, startAt: { values: [int(1)], before: false } }),
    ).toEqual(['b', 'c', 'd']);
    expect(
      await query(b, {
        from,
        orderBy: asc,
        startAt: { values: [int(1)], before: true },
        endAt: { values: [int(3)], before: true },
      }),
    ).toEqual(['a', 'b']);
    expect(
      await query(b, { from, orderBy: asc, endAt: { values: [int(3)], before: false } }),
    ).toEqual(['e', 'a', 'b', 'c']);
    expect(
      await query(b, {
        from,
        orderBy: [{ field: { fieldPath: '__name__' } }],
        startAt: { values: [{ referenceValue: N('q/c') }], before: false },
      }),
    ).toEqual(['d', 'e']);
    const r = await b.runQuery({
      parent: `${DB}/documents`,
      structuredQuery: {
        from,
        select: { fields: [{ fieldPath: 's' }] },
        where: fieldFilter('n', 'EQUAL', int(1)),
      },
    });
    expect(r[0]!.document.fields).toEqual({ s: str('x') });
    const agg = await b.runAggregationQuery({
      parent: `${DB}/documents`,
      structuredAggregationQuery: {
        structuredQuery: { from, where: fieldFilter('n', 'LESS_THAN', int(5)) },
        aggregations: [
          { alias: 'c', count: {} },
          { alias: 's', sum: { field: { fieldPath: 'n' } } },
          { alias: 'a', avg: { field: { fieldPath: 'n' } } },
        ],
      },
    });
    expect(agg[0]!.result.aggregateFields).toEqual({ c: int(3), s: dbl(6.5), a: dbl(6.5 / 3) });
  });
});

describe('transactions', () => {
  it('a write to a document a transaction read waits for it (ABORTED after 2 s); rejects reused ids', async () => {
    const b = backend();
    await set(b, 't/a', { n: int(1) });
    const { transaction } = await b.beginTransaction({ database: DB });
    const got = await b.batchGetDocuments({
      database: DB,
      documents: [N('t/a'), N('t/missing')],
      transaction,
    });
    expect(got.map((g) => (g.found ? 'found' : 'missing'))).toEqual(['found', 'missing']);
    // A non-transactional write waits for the lock, then gives up, as Google's emulator does.
    const started = Date.now();
    expect(await code(set(b, 't/a', { n: int(2) }))).toBe(Code.ABORTED);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    // One the transaction releases in time goes through after it.
    const waiting = set(b, 't/missing', { n: int(5) });
    await b.commit({
      database: DB,
      transaction,
      writes: [{ update: { name: N('t/a'), fields: { n: int(3) } } }],
    });
    await waiting;
    const after = await b.batchGetDocuments({
      database: DB,
      documents: [N('t/a'), N('t/missing')],
    });
    expect(after.map((g) => g.found?.fields?.n)).toEqual([int(3), int(5)]);
    expect(await code(b.commit({ database: DB, transaction, writes: [] }))).toBe(
      Code.INVALID_ARGUMENT,
    );
    expect(
      await code(b.commit({ database: DB, transaction: Buffer.from('nope'), writes: [] })),
    ).toBe(Code.INVALID_ARGUMENT);
  });

  it('newTransaction returns the id in the first response; locks serialize read-modify-write', async () => {
    const b = backend();
    await set(b, 't/c', { n: int(0) });
    const inc = async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const r = await b
          .batchGetDocuments({
            database: DB,
            documents: [N('t/c')],
            newTransaction: { readWrite: {} },
          })
          .catch(() => undefined);
        if (!r) continue;
        const transaction = r[0]!.transaction;
        const n = Number(r[0]!.found.fields.n!.integerValue);
        await new Promise((res) => setTimeout(res, 1));
        try {
          await b.commit({
            database: DB,
            transaction,
            writes: [{ update: { name: N('t/c'), fields: { n: int(n + 1) } } }],
          });
          return;
        } catch (e) {
          if ((e as FirestoreError).code !== Code.ABORTED) throw e;
        }
      }
      throw new Error('gave up');
    };
    await Promise.all(Array.from({ length: 20 }, inc));
    expect((await b.getDocument({ name: N('t/c') })).fields.n).toEqual(int(20));
  });
});

describe('locks (wound-wait)', () => {
  it('an older transaction wounds a younger holder; a younger one waits', async () => {
    const b = backend();
    await set(b, 'w/x', { n: int(0) });
    const { transaction: older } = await b.beginTransaction({ database: DB });
    const { transaction: younger } = await b.beginTransaction({ database: DB });
    await b.getDocument({ name: N('w/x'), transaction: younger }); // younger holds the lock
    await b.getDocument({ name: N('w/x'), transaction: older }); // wounds younger, no wait
    expect(
      await code(
        b.commit({
          database: DB,
          transaction: younger,
          writes: [{ update: { name: N('w/x'), fields: { n: int(9) } } }],
        }),
      ),
    ).toBe(Code.ABORTED);
    const { transaction: third } = await b.beginTransaction({ database: DB });
    let thirdRead = false;
    const p = b.getDocument({ name: N('w/x'), transaction: third }).then((d) => {
      thirdRead = true;
      return d;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(thirdRead).toBe(false); // waits for the older holder
    await b.commit({
      database: DB,
      transaction: older,
      writes: [{ update: { name: N('w/x'), fields: { n: int(1) } } }],
    });
    expect((await p).fields.n).toEqual(int(1)); // sees the committed value
    await b.commit({
      database: DB,
      transaction: third,
      writes: [{ update: { name: N('w/x'), fields: { n: int(2) } } }],
    });
    expect((await b.getDocument({ name: N('w/x') })).fields.n).toEqual(int(2));
    // a retry keeps its priority
    const first = await b.batchGetDocuments({
      database: DB,
      documents: [N('w/x')],
      newTransaction: { readWrite: {} },
    });
    await b.rollback({ database: DB, transaction: first[0]!.transaction });
    const holder = await b.beginTransaction({ database: DB });
    await b.getDocument({ name: N('w/x'), transaction: holder.transaction });
    await b.batchGetDocuments({
      database: DB,
      documents: [N('w/x')],
      newTransaction: { readWrite: { retryTransaction: first[0]!.transaction } },
    });
    expect(
      await code(b.commit({ database: DB, transaction: holder.transaction, writes: [] })),
    ).toBe(Code.ABORTED);
  });
});

describe('locks of a transaction waiting on several documents at once', () => {
  it('a rolled-back waiter never inherits a lock: the next transaction reads at once', async () => {
    const b = backend();
    await set(b, 'w/x', { n: int(0) });
    await set(b, 'w/y', { n: int(0) });
    const { transaction: holder } = await b.beginTransaction({ database: DB });
    await b.batchGetDocuments({
      database: DB,
      documents: [N('w/x'), N('w/y')],
      transaction: holder,
    });
    // Two reads in parallel (as Promise.all of tx.get does): both wait for the holder.
    const { transaction: waiter } = await b.beginTransaction({ database: DB });
    const reads = [N('w/x'), N('w/y')].map((name) =>
      code(b.getDocument({ name, transaction: waiter })),
    );
    await new Promise((r) => setTimeout(r, 20));
    // The client gives up on it (one read failed elsewhere): rolled back while both wait.
    await b.rollback({ database: DB, transaction: waiter });
    expect(await Promise.all(reads)).toEqual([Code.ABORTED, Code.ABORTED]);
    await b.commit({ database: DB, transaction: holder, writes: [] });
    // Nobody holds either document now: a new transaction and a plain write go straight through.
    const { transaction: next } = await b.beginTransaction({ database: DB });
    const started = Date.now();
    await b.batchGetDocuments({ database: DB, documents: [N('w/x'), N('w/y')], transaction: next });
    await b.commit({
      database: DB,
      transaction: next,
      writes: [{ update: { name: N('w/x'), fields: { n: int(1) } } }],
    });
    await set(b, 'w/y', { n: int(2) });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a wounded waiter drops every wait, not only its last one', async () => {
    const b = backend();
    for (const doc of ['w/x', 'w/y', 'w/z']) await set(b, doc, { n: int(0) });
    const { transaction: oldest } = await b.beginTransaction({ database: DB });
    const { transaction: holder } = await b.beginTransaction({ database: DB });
    const { transaction: youngest } = await b.beginTransaction({ database: DB });
    await b.getDocument({ name: N('w/z'), transaction: youngest });
    await b.batchGetDocuments({
      database: DB,
      documents: [N('w/x'), N('w/y')],
      transaction: holder,
    });
    const reads = [N('w/x'), N('w/y')].map((name) =>
      code(b.getDocument({ name, transaction: youngest })),
    );
    await new Promise((r) => setTimeout(r, 20));
    // The oldest wants z, held by the youngest: wounded, it waits for nothing any more.
    await b.getDocument({ name: N('w/z'), transaction: oldest });
    expect(await Promise.all(reads)).toEqual([Code.ABORTED, Code.ABORTED]);
    await b.commit({ database: DB, transaction: holder, writes: [] });
    await b.commit({ database: DB, transaction: oldest, writes: [] });
    const started = Date.now();
    await set(b, 'w/x', { n: int(1) });
    await set(b, 'w/y', { n: int(1) });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('listen', () => {
  it('sends ADD, docs, CURRENT, global; then changes per commit; REMOVE', async () => {
    const b = backend();
    await set(b, 'l/a', { n: int(1) });
    await set(b, 'l/b', { n: int(5) });
    const out: Present<ListenResponse & { error: FirestoreError }>[] = [];
    const s = b.openListen({
      send: (m) => out.push(present(m) as (typeof out)[number]),
      fail: (e) => out.push(present({ error: e }) as (typeof out)[number]),
    });
    s.onRequest({
      database: DB,
      addTarget: {
        targetId: 2,
        query: {
          parent: `${DB}/documents`,
          structuredQuery: {
            from: [{ collectionId: 'l' }],
            orderBy: [{ field: { fieldPath: 'n' } }],
            limit: { value: 2 },
          },
        },
      },
    });
    const kinds = (ms: Present<ListenResponse>[]) =>
      ms.map((m) =>
        m.targetChange
          ? `tc:${m.targetChange.targetChangeType ?? 'GLOBAL'}`
          : m.documentChange
            ? `dc:${m.documentChange.document.name.split('/').pop()}`
            : Object.keys(m)[0] +
              ':' +
              (m.documentDelete ?? m.documentRemove)?.document?.split('/').pop(),
      );
    expect(kinds(out)).toEqual(['tc:ADD', 'dc:a', 'dc:b', 'tc:CURRENT', 'tc:GLOBAL']);
    expect(out[4]!.targetChange.targetIds).toBeUndefined();
    out.length = 0;
    await set(b, 'l/c', { n: int(0) }); // pushes b out of the limit
    expect(kinds(out)).toEqual(['dc:c', 'documentRemove:b', 'tc:GLOBAL']);
    out.length = 0;
    await b.commit({ database: DB, writes: [{ delete: N('l/c') }] }); // b comes back
    expect(kinds(out).sort()).toEqual(['dc:b', 'documentDelete:c', 'tc:GLOBAL']);
    out.length = 0;
    await set(b, 'other/x', { n: int(0) });
    expect(out).toEqual([]);
    s.onRequest({
      database: DB,
      addTarget: {
        targetId: 4,
        documents: { documents: [N('l/a'), N('l/zz')] },
        resumeToken: Buffer.from('x'),
      },
    });
    expect(kinds(out)).toEqual(['tc:ADD', 'tc:RESET', 'dc:a', 'tc:CURRENT', 'tc:GLOBAL']);
    out.length = 0;
    s.onRequest({ database: DB, removeTarget: 2 });
    expect(out).toEqual([{ targetChange: { targetChangeType: 'REMOVE', targetIds: [2] } }]);
    out.length = 0;
    s.onRequest({ database: DB, removeTarget: 99 });
    expect(out[0]!.error.code).toBe(Code.INVALID_ARGUMENT);
  });
});

describe('persistence', () => {
  it('round-trips every value type exactly', async () => {
    const b = backend();
    const fields: Record<string, Value> = {
      nul: { nullValue: 'NULL_VALUE' },
      t: { booleanValue: true },
      f: { booleanValue: false },
      big: int('-9223372036854775808'),
      nan: dbl(NaN),
      negz: dbl(-0),
      inf: dbl(Infinity),
      ninf: dbl(-Infinity),
      d: dbl(0.1),
      ts: { timestampValue: { seconds: '1700000000', nanos: 123456789 } },
      s: str('héllo 😀'),
      by: { bytesValue: Buffer.from([0, 255, 1]) },
      ref: { referenceValue: N('a/b') },
      geo: { geoPointValue: { latitude: -0, longitude: 12.5 } },
      // An array may not sit directly in an array (Firestore refuses it): an empty one in a map.
      arr: {
        arrayValue: {
          values: [int(1), { mapValue: { fields: { inner: { arrayValue: { values: [] } } } } }],
        },
      },
      map: { mapValue: { fields: { inner: { mapValue: { fields: {} } } } } },
    };
    await set(b, 'p/doc', fields);
    await b.commit({
      database: 'projects/p2/databases/named',
      writes: [
        { update: { name: 'projects/p2/databases/named/documents/x/y', fields: { a: int(1) } } },
      ],
    });
    const json = JSON.parse(JSON.stringify(b.exportData()));
    const b2 = backend();
    b2.importData(json);
    const before = await b.getDocument({ name: N('p/doc') });
    const after = await b2.getDocument({ name: N('p/doc') });
    expect(after).toEqual(before);
    expect(Object.is(after.fields.negz!.doubleValue, -0)).toBe(true);
    expect(Object.is(after.fields.geo!.geoPointValue.latitude, -0)).toBe(true);
    expect(
      (await b2.getDocument({ name: 'projects/p2/databases/named/documents/x/y' })).fields.a,
    ).toEqual(int(1));
    b2.clear('p');
    expect(await code(b2.getDocument({ name: N('p/doc') }))).toBe(Code.NOT_FOUND);
  });
});
