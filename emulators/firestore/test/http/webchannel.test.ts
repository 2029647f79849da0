/* eslint-disable @typescript-eslint/no-explicit-any -- raw WebChannel JSON frames are untyped */
/** WebChannel / REST / CORS / admin transport tests against a stub backend (no core needed). */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirestoreError } from '../../src/backend.ts';
import { createHttpHandler } from '../../src/http/index.ts';
import { parseChunks } from '../../src/http/webchannel/framing.ts';
import { listen, stubBackend } from './support.ts';

const DB = 'projects/demo-x/databases/(default)';
let srv: Awaited<ReturnType<typeof listen>>;
let backend: ReturnType<typeof stubBackend>;
let exported = 0;

beforeAll(async () => {
  backend = stubBackend();
  srv = await listen(
    createHttpHandler(backend, { exportData: async () => `/tmp/export-${++exported}` }),
  );
});
afterAll(async () => srv?.stop());

const form = (o: Record<string, string>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
const chanUrl = (kind: string, params: Record<string, string>) =>
  `${srv.base}/google.firestore.v1.Firestore/${kind}/channel?${new URLSearchParams({ VER: '8', database: DB, ...params })}`;

async function handshake(kind: 'Listen' | 'Write', first: unknown, origin?: string) {
  const res = await fetch(
    chanUrl(kind, {
      RID: '1234',
      CVER: '22',
      'X-HTTP-Session-Id': 'gsessionid',
      zx: 'abc',
      t: '1',
    }),
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(origin ? { Origin: origin } : {}),
      },
      body: form({
        headers: 'X-Goog-Api-Client:gl-js/ fire/12\r\nContent-Type:text/plain\r\n',
        count: '1',
        ofs: '0',
        req0___data__: JSON.stringify(first),
      }),
    },
  );
  expect(res.status).toBe(200);
  const text = await res.text();
  const [arrays] = parseChunks(text) as [[number, unknown[]][]];
  expect(arrays[0]![0]).toBe(0);
  const c = arrays[0]![1];
  expect(c[0]).toBe('c');
  expect(c.slice(2)).toEqual(['', 8, 12, 30000]);
  return { sid: c[1] as string, gsid: res.headers.get('x-http-session-id')!, res };
}

/** Opens a back-channel GET and collects arrays until `until` says stop (or the response ends). */
function backChannel(
  kind: string,
  sid: string,
  gsid: string,
  aid: number,
  ci: '0' | '1',
  until: (arrays: [number, unknown[]][]) => boolean,
) {
  return new Promise<{ arrays: [number, unknown[]][]; ended: boolean; status: number }>(
    (resolve, reject) => {
      const url = chanUrl(kind, {
        gsessionid: gsid,
        RID: 'rpc',
        SID: sid,
        AID: String(aid),
        CI: ci,
        TYPE: 'xmlhttp',
        zx: 'q',
        t: '1',
      });
      const req = http.get(url, (res) => {
        let body = '';
        const arrays: [number, unknown[]][] = [];
        let done = false;
        const check = (ended: boolean) => {
          if (done) return;
          let parsed: unknown[] = [];
          try {
            parsed = parseChunks(body);
          } catch {
            if (!ended) return; // incomplete chunk
          }
          arrays.length = 0;
          for (const p of parsed) arrays.push(...(p as [number, unknown[]][]));
          if (ended || until(arrays)) {
            done = true;
            req.destroy();
            resolve({ arrays, ended, status: res.statusCode ?? 0 });
          }
        };
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
          check(false);
        });
        res.on('end', () => check(true));
        res.on('error', () => check(true));
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error('back channel timeout')), 10000);
    },
  );
}

async function forward(
  kind: string,
  sid: string,
  gsid: string,
  rid: number,
  aid: number,
  ofs: number,
  msgs: unknown[],
) {
  const body: Record<string, string> = { count: String(msgs.length), ofs: String(ofs) };
  msgs.forEach((m, i) => (body[`req${i}___data__`] = JSON.stringify(m)));
  const res = await fetch(
    chanUrl(kind, {
      gsessionid: gsid,
      SID: sid,
      RID: String(rid),
      AID: String(aid),
      zx: 'f',
      t: '1',
    }),
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form(body),
    },
  );
  return { status: res.status, chunks: parseChunks(await res.text()) };
}

describe('WebChannel Listen', () => {
  it('handshake, streaming back channel, forward POST, terminate', async () => {
    const { sid, gsid, res } = await handshake(
      'Listen',
      {
        database: DB,
        addTarget: { documents: { documents: [`${DB}/documents/a/b`] }, targetId: 2 },
      },
      'http://localhost:5000',
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5000');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-HTTP-Session-Id');
    expect(gsid).toBeTruthy();
    const first = await backChannel('Listen', sid, gsid, 0, '0', (a) => a.length >= 3);
    expect(first.arrays.map((a) => a[0])).toEqual([1, 2, 3]);
    expect(first.arrays[0]![1]).toEqual([
      { targetChange: { targetChangeType: 'ADD', targetIds: [2] } },
    ]);
    expect(first.arrays[1]![1]).toEqual([
      { targetChange: { targetChangeType: 'CURRENT', targetIds: [2], resumeToken: 'cnQ=' } },
    ]);
    expect(
      (first.arrays[2]![1][0] as { targetChange: { readTime: string } }).targetChange.readTime,
    ).toMatch(/Z$/);
    expect(backend.listens.at(-1)!.requests[0]!.database).toBe(DB);

    // forward POST (with a duplicate of map 0 that must be ignored) and a new streaming GET with AID=3
    const bc = backChannel('Listen', sid, gsid, 3, '0', (a) => a.some((x) => x[0] === 4));
    const fw = await forward('Listen', sid, gsid, 1235, 3, 0, [
      {
        database: DB,
        addTarget: { documents: { documents: [`${DB}/documents/a/b`] }, targetId: 2 },
      },
      { database: DB, removeTarget: 2 },
    ]);
    expect(fw.status).toBe(200);
    expect((fw.chunks[0] as number[])[0]).toBe(1);
    const got = await bc;
    expect(got.arrays.find((a) => a[0] === 4)![1]).toEqual([
      { targetChange: { targetChangeType: 'REMOVE', targetIds: [2] } },
    ]);
    expect(backend.listens.at(-1)!.requests.length).toBe(2);

    // terminate closes the backend stream; then the SID is unknown
    const t = await fetch(
      chanUrl('Listen', {
        SID: sid,
        gsessionid: gsid,
        RID: '1236',
        TYPE: 'terminate',
        zx: 'x',
        t: '1',
      }),
      { method: 'POST', body: '' },
    );
    expect(t.status).toBe(200);
    expect(backend.listens.at(-1)!.closed).toBe(true);
    const unknown = await forward('Listen', sid, gsid, 1237, 4, 2, [
      { database: DB, removeTarget: 2 },
    ]).catch(() => null);
    expect(unknown).toBeNull(); // body is not framed
    const raw = await fetch(
      chanUrl('Listen', { SID: sid, RID: 'rpc', AID: '4', CI: '0', TYPE: 'xmlhttp' }),
    );
    expect(raw.status).toBe(400);
    expect((await raw.text()).indexOf('Unknown SID')).toBeGreaterThan(0);
  });

  it('long-poll answers pending arrays at once, and holds then sends a noop otherwise', async () => {
    const { sid, gsid } = await handshake('Listen', {
      database: DB,
      addTarget: {
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'c' }] } },
        targetId: 4,
      },
    });
    const lp = await backChannel('Listen', sid, gsid, 0, '1', () => false);
    expect(lp.ended).toBe(true);
    expect(lp.arrays.map((a) => a[0])).toEqual([1, 2, 3]);
    // A later GET with everything acknowledged: held; a forward message produces data that ends it.
    const held = backChannel('Listen', sid, gsid, 3, '1', () => false);
    await new Promise((r) => setTimeout(r, 100));
    await forward('Listen', sid, gsid, 1, 3, 1, [{ database: DB, removeTarget: 4 }]);
    const r = await held;
    expect(r.ended).toBe(true);
    expect(r.arrays).toEqual([
      [4, [{ targetChange: { targetChangeType: 'REMOVE', targetIds: [4] } }]],
    ]);
    // Array 4 is not acknowledged yet: a new GET with AID=3 resends it.
    const again = await backChannel('Listen', sid, gsid, 3, '1', () => false);
    expect(again.arrays.map((a) => a[0])).toEqual([4]);
  });

  it('streaming GET with nothing pending gets a noop at once', async () => {
    const { sid, gsid } = await handshake('Listen', { database: DB, removeTarget: 9 });
    await backChannel('Listen', sid, gsid, 0, '0', (a) => a.length >= 1); // drain REMOVE
    const t0 = Date.now();
    const r = await backChannel('Listen', sid, gsid, 1, '0', (a) => a.length >= 1);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(r.arrays).toEqual([[2, ['noop']]]);
  });

  it('a sink failure is sent in-band as an error', async () => {
    const { sid, gsid } = await handshake('Listen', { database: DB, removeTarget: 1 });
    backend.listens.at(-1)!.sink.fail(new FirestoreError(7, 'denied'));
    const r = await backChannel('Listen', sid, gsid, 0, '0', (a) => a.length >= 2);
    expect(r.arrays[1]).toEqual([
      2,
      [{ error: { code: 7, message: 'denied', status: 'PERMISSION_DENIED' } }],
    ]);
  });

  it('malformed messages fail the stream with INVALID_ARGUMENT', async () => {
    const { sid, gsid } = await handshake('Listen', {
      database: DB,
      addTarget: { targetId: 'nope' },
    });
    const r = await backChannel('Listen', sid, gsid, 0, '0', (a) => a.length >= 1);
    expect((r.arrays[0]![1][0] as { error: { status: string } }).error.status).toBe(
      'INVALID_ARGUMENT',
    );
  });
});

describe('WebChannel Write', () => {
  it('handshake reply, commits in order, graceful close', async () => {
    const { sid, gsid } = await handshake('Write', { database: DB });
    const w = (n: number) => ({
      update: {
        name: `${DB}/documents/c/d${n}`,
        fields: { n: { integerValue: String(n) }, s: { stringValue: 'ñ' } },
      },
    });
    const fw = await forward('Write', sid, gsid, 2, 0, 1, [
      { streamToken: 'AA==', writes: [w(1)] },
      { streamToken: 'AA==', writes: [w(2), { delete: `${DB}/documents/c/x` }] },
    ]);
    expect(fw.status).toBe(200);
    const r = await backChannel('Write', sid, gsid, 0, '0', (a) => a.length >= 3);
    const [hs, r1, r2] = r.arrays.map((a) => a[1][0] as Record<string, unknown>);
    expect(hs!.streamToken).toBeTruthy();
    expect(hs!.writeResults).toBeUndefined();
    expect(r1!.commitTime).toMatch(/Z$/);
    expect((r1!.writeResults as unknown[]).length).toBe(1);
    expect((r2!.writeResults as unknown[]).length).toBe(2);
    const commits = backend.commits.slice(-2);
    expect(commits[0]!.database).toBe(DB);
    expect(commits[0]!.writes?.[0]?.update?.fields?.s?.stringValue).toBe('ñ');
    expect(commits[1]!.writes?.[1]?.delete).toBe(`${DB}/documents/c/x`);
    const before = backend.commits.length;
    await forward('Write', sid, gsid, 3, 3, 3, [{ streamToken: 'AA==', writes: [] }]);
    expect(backend.commits.length).toBe(before);
  });

  it('a commit error is in-band and stops the session', async () => {
    const { sid, gsid } = await handshake('Write', { database: DB });
    backend.failNextCommit = new FirestoreError(5, 'No document to update');
    const before = backend.commits.length;
    await forward('Write', sid, gsid, 2, 0, 1, [
      {
        streamToken: 'AA==',
        writes: [
          {
            update: { name: `${DB}/documents/c/a`, fields: {} },
            currentDocument: { exists: true },
          },
        ],
      },
      { streamToken: 'AA==', writes: [{ delete: `${DB}/documents/c/b` }] },
    ]);
    const r = await backChannel('Write', sid, gsid, 0, '0', (a) => a.length >= 2);
    expect(r.arrays[1]![1]).toEqual([
      { error: { code: 5, message: 'No document to update', status: 'NOT_FOUND' } },
    ]);
    await new Promise((res) => setTimeout(res, 50));
    expect(backend.commits.length).toBe(before);
  });
});

describe('REST, CORS and admin', () => {
  it('batchGet, runQuery, runAggregationQuery, commit, beginTransaction, rollback', async () => {
    const u = (m: string) => `${srv.base}/v1/projects/demo-x/databases/(default)/documents${m}`;
    const post = (m: string, body: unknown) =>
      fetch(u(m), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(body),
      });
    let r = await post(':batchGet', { documents: [`${DB}/documents/a/b`] });
    expect(r.status).toBe(200);
    expect((await r.json()) as any).toEqual([
      { missing: `${DB}/documents/a/b`, readTime: expect.stringMatching(/Z$/) },
    ]);
    r = await post('/a/b:runQuery', { structuredQuery: { from: [{ collectionId: 'c' }] } });
    expect((await r.json()) as any).toEqual([{ readTime: expect.any(String), done: true }]);
    r = await post(':runAggregationQuery', {
      structuredAggregationQuery: {
        aggregations: [{ alias: 'aggregate_0', count: {} }],
        structuredQuery: { from: [{ collectionId: 'c' }] },
      },
    });
    expect(((await r.json()) as any)[0].result.aggregateFields.aggregate_0.integerValue).toBe('0');
    r = await post(':commit', {
      writes: [{ update: { name: `${DB}/documents/a/b`, fields: {} } }],
    });
    expect(((await r.json()) as any).commitTime).toMatch(/Z$/);
    expect(backend.commits.at(-1)!.database).toBe(DB);
    r = await post(':beginTransaction', {});
    expect((await r.json()) as any).toEqual({ transaction: 'dHgx' });
    r = await post(':rollback', { transaction: 'dHgx' });
    expect((await r.json()) as any).toEqual({});
  });

  it('maps errors to HTTP statuses', async () => {
    const u = `${srv.base}/v1/projects/demo-x/databases/(default)/documents:commit`;
    backend.failNextCommit = new FirestoreError(10, 'contention');
    let r = await fetch(u, { method: 'POST', body: '{"writes":[]}' });
    expect(r.status).toBe(409);
    expect((await r.json()) as any).toEqual({
      error: { code: 409, message: 'contention', status: 'ABORTED' },
    });
    r = await fetch(u, { method: 'POST', body: '{nope' });
    expect(r.status).toBe(400);
    expect(((await r.json()) as any).error.status).toBe('INVALID_ARGUMENT');
    r = await fetch(u, {
      method: 'POST',
      body: '{"writes":[{"update":{"fields":{"x":{"integerValue":"zz"}}}}]}',
    });
    expect(r.status).toBe(400);
    r = await fetch(`${srv.base}/v1/projects/demo-x/databases/(default)/documents/a/b`);
    expect(r.status).toBe(404);
    expect(((await r.json()) as any).error.status).toBe('NOT_FOUND');
    r = await fetch(`${srv.base}/nothing/here`);
    expect(r.status).toBe(404);
  });

  it('rejects oversized bodies without crashing', async () => {
    const big = 'x'.repeat(13 * 1024 * 1024);
    const r = await fetch(`${srv.base}/v1/projects/demo-x/databases/(default)/documents:commit`, {
      method: 'POST',
      body: big,
    }).catch((e) => e);
    if (!(r instanceof Error)) expect(r.status).toBe(413);
    expect((await fetch(`${srv.base}/`)).status).toBe(200);
  });

  it('answers preflight, readiness, clear and export', async () => {
    let r = await fetch(`${srv.base}/v1/projects/demo-x/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-goog-api-client,authorization',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:5000');
    expect(r.headers.get('access-control-allow-headers')).toBe(
      'content-type,x-goog-api-client,authorization',
    );
    expect(r.headers.get('access-control-allow-methods')).toContain('POST');
    expect(r.headers.get('vary')).toContain('Origin');
    r = await fetch(`${srv.base}/`);
    expect(await r.text()).toBe('Ok');
    r = await fetch(`${srv.base}/emulator/v1/projects/demo-x/databases/(default)/documents`, {
      method: 'DELETE',
    });
    expect(r.status).toBe(200);
    expect((await r.json()) as any).toEqual({});
    r = await fetch(`${srv.base}/emulator/v1/projects/demo-x:export`, {
      method: 'POST',
      body: '{}',
    });
    expect((await r.json()) as any).toEqual({ path: '/tmp/export-1' });
  });
});

describe('robustness and shutdown', () => {
  it('survives garbage requests', async () => {
    const bad = [
      fetch(`${srv.base}/v1/projects/%E0%A4%A/databases/(default)/documents:commit`, {
        method: 'POST',
        body: '{}',
      }),
      fetch(`${srv.base}/google.firestore.v1.Firestore/Listen/channel?VER=8`, {
        method: 'POST',
        body: 'count=zz&ofs=-1&req0___data__=%7B',
      }),
      fetch(`${srv.base}/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=nope&RID=rpc&CI=0`),
      fetch(
        `${srv.base}/google.firestore.v1.Firestore/Write/channel?VER=8&SID=nope&TYPE=terminate`,
      ),
      fetch(`${srv.base}/google.firestore.v1.Firestore/Write/channel?VER=8`, {
        method: 'PUT',
        body: 'x',
      }),
      fetch(`${srv.base}/v1/projects/p/databases/d/documents:runQuery`, {
        method: 'POST',
        body: '[1,2]',
      }),
      fetch(`${srv.base}/v1/projects/p/databases/d/documents:runQuery`, {
        method: 'POST',
        body: '{"structuredQuery":{"where":{"fieldFilter":{"op":"BAD"}}}}',
      }),
      fetch(`${srv.base}/emulator/v1/projects/%ZZ/databases/x/documents`, { method: 'DELETE' }),
    ];
    const statuses = (await Promise.all(bad)).map((r) => r.status);
    expect(statuses).toEqual([400, 200, 400, 200, 400, 400, 400, 400]);
    expect((await fetch(`${srv.base}/`)).status).toBe(200);
  });

  it('close() ends open back channels promptly', async () => {
    const b = stubBackend();
    const handler = createHttpHandler(b, { exportData: async () => '' });
    const s2 = await listen(handler);
    const hs = await fetch(
      `${s2.base}/google.firestore.v1.Firestore/Listen/channel?VER=8&database=${encodeURIComponent(DB)}&RID=1&CVER=22`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form({
          count: '1',
          ofs: '0',
          req0___data__: JSON.stringify({ database: DB, removeTarget: 1 }),
        }),
      },
    );
    const sid = (parseChunks(await hs.text())[0] as [number, string[]][])[0]![1][1]!;
    const ended = new Promise<number>((resolve) => {
      http.get(
        `${s2.base}/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=${sid}&RID=rpc&AID=0&CI=0&TYPE=xmlhttp`,
        (res) => {
          res.resume();
          res.on('data', () => setTimeout(() => handler.close(), 10));
          res.on('end', () => resolve(Date.now()));
          res.on('error', () => resolve(Date.now()));
        },
      );
    });
    const t0 = Date.now();
    expect((await ended) - t0).toBeLessThan(2000);
    expect(b.listens[0]!.closed).toBe(true);
    await s2.stop();
  });
});
