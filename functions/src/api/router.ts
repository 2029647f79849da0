/**
 * A tiny router: exact method + path, trailing slashes as in docs/api.md. Hosting forwards
 * `/api/**` with the `/api` prefix; the function's own URL drops it. Both are accepted.
 *
 * A route may declare zod schemas for its JSON body and its query string: the router answers
 * 400 naming the field before the handler runs, and the handler receives the parsed, typed
 * values (`body`, `params`). A signed-in route may also require the privacy policy accepted.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@parroquia/domain';
import { z } from 'zod';
import type { ApiDependencies, Caller } from '../ports';
import type { Access } from './auth';
import { assertPrivacyPolicyAccepted } from './consent';
import { ApiError, type ApiReply } from './http';
import { API_MESSAGES } from './messages';

// zod's own messages (wrong type, missing field): Spanish unless a parse asks for the caller's
// language (`parseInput`); messages the schemas set themselves are translated in `sendError`.
z.config(z.locales.es());

const ZOD_MESSAGES: Readonly<Record<Language, z.core.$ZodErrorMap>> = {
  es: z.locales.es().localeError,
  en: z.locales.en().localeError,
  ro: z.locales.ro().localeError,
};

export type Method = 'GET' | 'POST';

export interface RequestContext {
  deps: ApiDependencies;
  query: URLSearchParams;
  /** The parsed JSON body, `undefined` when empty; the schema's output when one is declared. */
  body: unknown;
  /** The body exactly as received (the Stripe webhook checks its signature on it). */
  rawBody: Buffer;
  caller: Caller | null;
  headers: IncomingHttpHeaders;
  /** The caller's language (`Accept-Language`), for texts not thrown as errors. */
  language: Language;
  /** The client's address as far as it can be known (rate limits), never trusted for more. */
  clientAddress: string;
  /** The query string parsed by the route's `querySchema`; `undefined` without one. */
  params?: unknown;
}

export interface SignedInContext extends RequestContext {
  caller: Caller;
}

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema, Otherwise> = S extends z.ZodType ? z.output<S> : Otherwise;

/** What a handler receives: the request with its body and query already checked and typed. */
export type RouteContext<C extends RequestContext, B extends Schema, Q extends Schema> = Omit<
  C,
  'body' | 'params'
> & {
  body: Parsed<B, unknown>;
  params: Parsed<Q, undefined>;
};

export interface Route {
  method: Method;
  /** As in docs/api.md, e.g. `/api/cells/`. */
  path: string;
  access: Access;
  /** `raw` leaves the body unparsed, for bodies that are not JSON. */
  body: 'json' | 'raw';
  handle(context: RequestContext): Promise<ApiReply>;
}

export interface RouteOptions<B extends Schema = undefined, Q extends Schema = undefined> {
  body?: 'json' | 'raw';
  /** The JSON body's schema (an empty body is checked as `{}`). */
  bodySchema?: B;
  /** The query string's schema, checked on an object of its parameters (last value wins). */
  querySchema?: Q;
}

export interface CallerRouteOptions<
  B extends Schema = undefined,
  Q extends Schema = undefined,
> extends RouteOptions<B, Q> {
  /** 403 for a caller who has not accepted the privacy policy (docs/product.md). */
  privacyPolicy?: 'required';
}

/** The schema's value, or the 400 of its first problem, naming the field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  language: Language = 'es',
): z.output<S> {
  const result = schema.safeParse(input, { error: ZOD_MESSAGES[language] });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? API_MESSAGES.internal;
  if (field === '') throw new ApiError(400, message);
  throw new ApiError(400, API_MESSAGES.invalidField(message, field), {}, { field });
}

function checkedInput(context: RequestContext, options: RouteOptions<Schema, Schema>) {
  const body = options.bodySchema
    ? parseInput(options.bodySchema, context.body ?? {}, context.language)
    : context.body;
  const params = options.querySchema
    ? parseInput(options.querySchema, Object.fromEntries(context.query), context.language)
    : undefined;
  return { body, params };
}

export function publicRoute<B extends Schema = undefined, Q extends Schema = undefined>(
  method: Method,
  path: string,
  handle: (context: RouteContext<RequestContext, B, Q>) => Promise<ApiReply>,
  options: RouteOptions<B, Q> = {},
): Route {
  return {
    method,
    path,
    access: 'public',
    body: options.body ?? 'json',
    handle(context) {
      const input = checkedInput(context, options);
      return handle({ ...context, ...input } as RouteContext<RequestContext, B, Q>);
    },
  };
}

function callerRoute(access: 'signed-in' | 'staff') {
  return <B extends Schema = undefined, Q extends Schema = undefined>(
    method: Method,
    path: string,
    handle: (context: RouteContext<SignedInContext, B, Q>) => Promise<ApiReply>,
    options: CallerRouteOptions<B, Q> = {},
  ): Route => ({
    method,
    path,
    access,
    body: options.body ?? 'json',
    async handle(context) {
      const { caller } = context;
      // The middleware never lets an anonymous request this far; this keeps the type honest.
      if (!caller) throw new ApiError(401, API_MESSAGES.signInRequired);
      const input = checkedInput(context, options);
      if (options.privacyPolicy === 'required') {
        await assertPrivacyPolicyAccepted(context.deps, caller);
      }
      return handle({ ...context, caller, ...input } as RouteContext<SignedInContext, B, Q>);
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
