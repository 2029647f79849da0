import { describe, expect, it } from 'vitest';
import { defineRoute, type Access, type Method } from '@parroquia/domain';
import { z } from 'zod';
import { jsonReply } from '../src/api/http';
import { bindRoute, matchRoute, routePath } from '../src/api/router';

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
