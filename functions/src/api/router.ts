/**
 * A tiny router: exact method + path, trailing slashes as in SPEC.md 7. Hosting forwards
 * `/api/**` with the `/api` prefix; the function's own URL drops it. Both are accepted.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiDependencies, Caller } from '../ports';
import type { Access } from './auth';
import { ApiError, type ApiReply } from './http';
import { API_MESSAGES } from './messages';

export type Method = 'GET' | 'POST';

export interface RequestContext {
  deps: ApiDependencies;
  query: URLSearchParams;
  /** The parsed JSON body, `undefined` when empty. */
  body: unknown;
  /** The body exactly as received (the Stripe webhook checks its signature on it). */
  rawBody: Buffer;
  caller: Caller | null;
  /** The request's headers (the webhook reads `Stripe-Signature`, payments the `Origin`). */
  headers: IncomingHttpHeaders;
}

export interface SignedInContext extends RequestContext {
  caller: Caller;
}

export interface Route {
  method: Method;
  /** As in SPEC.md 7, e.g. `/api/cells/`. */
  path: string;
  access: Access;
  /** `raw` leaves the body unparsed, for bodies that are not JSON. */
  body: 'json' | 'raw';
  handle(context: RequestContext): Promise<ApiReply>;
}

type RouteOptions = { body?: 'json' | 'raw' };

export function publicRoute(
  method: Method,
  path: string,
  handle: (context: RequestContext) => Promise<ApiReply>,
  options: RouteOptions = {},
): Route {
  return { method, path, access: 'public', body: options.body ?? 'json', handle };
}

function callerRoute(access: 'signed-in' | 'staff') {
  return (
    method: Method,
    path: string,
    handle: (context: SignedInContext) => Promise<ApiReply>,
    options: RouteOptions = {},
  ): Route => ({
    method,
    path,
    access,
    body: options.body ?? 'json',
    handle(context) {
      const { caller } = context;
      // The middleware never lets an anonymous request this far; this keeps the type honest.
      if (!caller) throw new ApiError(401, API_MESSAGES.signInRequired);
      return handle({ ...context, caller });
    },
  });
}

export const signedInRoute = callerRoute('signed-in');
export const staffRoute = callerRoute('staff');

/** The path as routes spell it: always with the `/api` prefix. */
export function routePath(pathname: string): string {
  return pathname === '/api' || pathname.startsWith('/api/') ? pathname : `/api${pathname}`;
}

export type RouteMatch = { found: true; route: Route } | { found: false; error: ApiError };

export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const onPath = routes.filter((route) => route.path === path);
  if (onPath.length === 0) return { found: false, error: new ApiError(404, API_MESSAGES.notFound) };
  const route = onPath.find((candidate) => candidate.method === method);
  if (route) return { found: true, route };
  const allow = onPath.map((candidate) => candidate.method).join(', ');
  return {
    found: false,
    error: new ApiError(405, API_MESSAGES.methodNotAllowed, { Allow: allow }),
  };
}
