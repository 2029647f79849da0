import { describe, expect, it } from 'vitest';
import { defineRoute, type Access, type Method } from '@parroquia/domain';
import { z } from 'zod';
import { fileReply, jsonReply } from '../src/api/http';
import { bindRoute, matchRoute, routePath } from '../src/api/router';
import { ANA, testDependencies } from './support/in-memory';

const ok = async () => jsonReply({ ok: true });
const route = (method: Method, path: `/api/${string}`, access: Access) =>
  bindRoute(defineRoute({ method, path, access, answer: z.unknown() }), ok);
const routes = [
  route('GET', '/api/cells/', 'public'),
  route('POST', '/api/users/generate-json-codes/', 'staff'),
  route('POST', '/api/cells/', 'public'),
];

describe('routePath', () => {
  it('keeps paths that arrive through Hosting with the /api prefix', () => {
    expect(routePath('/api/cells/')).toBe('/api/cells/');
    expect(routePath('/api')).toBe('/api');
  });

  it('adds the prefix to paths that reach the function directly', () => {
    expect(routePath('/cells/')).toBe('/api/cells/');
    expect(routePath('/')).toBe('/api/');
    expect(routePath('/apis/')).toBe('/api/apis/');
  });
});

describe('matchRoute', () => {
  it('finds a route by method and exact path', () => {
    const match = matchRoute(routes, 'POST', '/api/users/generate-json-codes/');
    expect(match.found && match.route).toBe(routes[1]);
  });

  it('answers 404 for an unknown path, including a missing trailing slash', () => {
    for (const path of ['/api/nothing/', '/api/cells', '/api/cells//', '/api/CELLS/']) {
      const match = matchRoute(routes, 'GET', path);
      expect(!match.found && match.error.status).toBe(404);
    }
  });

  it('answers 405 listing the methods the path allows', () => {
    const match = matchRoute(routes, 'DELETE', '/api/cells/');
    expect(!match.found && match.error.status).toBe(405);
    expect(!match.found && match.error.headers).toEqual({ Allow: 'GET, POST' });
  });
});

describe('downloads', () => {
  it('take turns, two at a time per instance, while JSON answers do not wait for them', async () => {
    const deps = testDependencies();
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => (release = done));
    const download = bindRoute(
      defineRoute({
        method: 'GET',
        path: '/api/users/generate-certificate/',
        access: 'signed-in',
        answer: 'file',
      }),
      async () => {
        running += 1;
        most = Math.max(most, running);
        await gate;
        running -= 1;
        return fileReply('application/pdf', new Uint8Array([1]), 'certificado.pdf');
      },
    );
    const map = route('GET', '/api/cells/', 'public');
    const context = (caller: typeof ANA | null) => ({
      deps,
      query: new URLSearchParams(),
      body: undefined,
      rawBody: Buffer.alloc(0),
      caller,
      headers: {},
      language: 'es' as const,
      clientAddress: '198.51.100.1',
    });
    const downloads = Array.from({ length: 6 }, (_, i) =>
      download.handle(context({ ...ANA, uid: `donor-${i}` })),
    );
    await new Promise((done) => setTimeout(done, 20));
    expect(running).toBe(2);
    expect(await map.handle(context(null))).toMatchObject({ status: 200 });
    release();
    await Promise.all(downloads);
    expect(most).toBe(2);
  });

  it('count per account: the 21st in a minute is 429, whichever file route', async () => {
    const deps = testDependencies();
    const download = bindRoute(
      defineRoute({
        method: 'GET',
        path: '/api/users/my-data/',
        access: 'signed-in',
        answer: 'file',
      }),
      async () => fileReply('application/json', new Uint8Array([1]), 'mis-datos.json'),
    );
    const context = (uid: string) => ({
      deps,
      query: new URLSearchParams(),
      body: undefined,
      rawBody: Buffer.alloc(0),
      caller: { ...ANA, uid },
      headers: {},
      language: 'en' as const,
      clientAddress: '198.51.100.1',
    });
    for (let i = 0; i < 20; i += 1) await download.handle(context('donor-busy'));
    await expect(download.handle(context('donor-busy'))).rejects.toMatchObject({ status: 429 });
    await expect(download.handle(context('donor-calm'))).resolves.toMatchObject({ status: 200 });
  });
});
