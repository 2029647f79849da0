/**
 * A tiny router over the API's contract (`API_ROUTES` in domain/src/api): each route's handler
 * is bound to its declaration, which says who may call it and the zod schemas of its body and
 * query string. The router answers 400 naming the field before the handler runs, and the
 * handler receives the parsed, typed values (`body`, `params`) and must answer the declared
 * shape. Exact method + path, trailing slashes as in docs/api.md. Hosting forwards `/api/**`
 * with the `/api` prefix; the function's own URL drops it. Both are accepted.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type {
  Access,
  ApiRoute,
  BodyOutput,
  Language,
  Method,
  QueryOutput,
  Schema,
} from '@parroquia/domain';
import { z } from 'zod';
import type { ApiDependencies } from '../ports/api-dependencies';
import type { UserProfile } from '../ports/donors';
import type { Caller } from '../ports/sign-in';
import { assertPrivacyPolicyAccepted } from './consent';
import { inDownloadTurn } from './download-turns';
import { ApiError, type ApiReply, type FileReply, type JsonReply } from './http';
import { API_MESSAGES } from './messages';
import { INVALID_INPUT_CODE, messageCode, UNKNOWN_MESSAGE_CODE } from './translate';
import { assertWithinRateLimit, DOWNLOAD_LIMIT, STAFF_DOWNLOAD_LIMIT } from './rate-limit';
import { actingAs } from '../staff-actor';

// zod's own messages (wrong type, missing field): Spanish unless a parse asks for the caller's
// language (`parseInput`); messages the schemas set themselves are translated in `sendError`.
z.config(z.locales.es());

const ZOD_MESSAGES: Readonly<Record<Language, z.core.$ZodErrorMap>> = {
  es: z.locales.es().localeError,
  en: z.locales.en().localeError,
  ro: z.locales.ro().localeError,
};

export interface RequestContext {
  deps: ApiDependencies;
  query: URLSearchParams;
  /** The parsed JSON body, `undefined` when empty or raw. */
  body: unknown;
  /** The body exactly as received (the Stripe webhook checks its signature on it). */
  rawBody: Buffer;
  caller: Caller | null;
  headers: IncomingHttpHeaders;
  /** The caller's language (`Accept-Language`), for texts not thrown as errors. */
  language: Language;
  /** The client's address as far as it can be known (rate limits), never trusted for more. */
  clientAddress: string;
}

/** What a route's handler receives: the request with its body and query checked and typed. */
export type HandlerContext<R extends ApiRoute> = Omit<RequestContext, 'body' | 'caller'> & {
  caller: R['access'] extends 'public' ? Caller | null : Caller;
  body: BodyOutput<R>;
  params: QueryOutput<R>;
  /** The caller's profile, read by the privacy-policy check, on routes that require it. */
  profile: R['privacyPolicy'] extends 'required' ? UserProfile : undefined;
};

/** What a route's handler answers: its declared JSON, or a file. */
export type RouteReply<R extends ApiRoute> = R['answer'] extends Schema
  ? JsonReply<z.input<R['answer']>>
  : FileReply;

export type Handler<R extends ApiRoute> = (context: HandlerContext<R>) => Promise<RouteReply<R>>;

/** A route ready to serve: its declaration bound to its handler. */
export interface Route {
  method: Method;
  path: string;
  access: Access;
  /** `raw` leaves the body unparsed, for bodies that are not JSON. */
  body: 'json' | 'raw';
  handle(context: RequestContext): Promise<ApiReply>;
}

/** The schema's value, or the 400 of its first problem, naming the field. */
export function parseInput<S extends Schema>(
  schema: S,
  input: unknown,
  language: Language = 'es',
): z.output<S> {
  const result = z.safeParse(schema, input, { error: ZOD_MESSAGES[language] });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const message = issue?.message ?? API_MESSAGES.internal;
  if (field === '') {
    // zod's own text (a body of the wrong type) is in no catalogue: its code says what it is.
    const known = messageCode(message) !== UNKNOWN_MESSAGE_CODE;
    throw new ApiError(400, message, {}, known ? {} : { code: INVALID_INPUT_CODE });
  }
  throw new ApiError(400, API_MESSAGES.invalidField(message, field), {}, { field });
}

/** Binds a declared route to its handler: access, privacy policy and schemas checked first. */
export function bindRoute<R extends ApiRoute>(route: R, handle: Handler<R>): Route {
  const bodySchema = typeof route.body === 'object' ? route.body : undefined;
  return {
    method: route.method,
    path: route.path,
    access: route.access,
    body: route.body === 'raw' ? 'raw' : 'json',
    async handle(context) {
      const { caller, language } = context;
      // The middleware never lets an anonymous request this far; this keeps the type honest.
      if (route.access !== 'public' && !caller) {
        throw new ApiError(401, API_MESSAGES.signInRequired);
      }
      // An empty body is checked as `{}`; the query on an object of its parameters (last wins).
      const body = bodySchema ? parseInput(bodySchema, context.body ?? {}, language) : context.body;
      const params = route.query
        ? parseInput(route.query, Object.fromEntries(context.query), language)
        : undefined;
      const profile =
        route.privacyPolicy === 'required' && caller
          ? await assertPrivacyPolicyAccepted(context.deps, caller)
          : undefined;
      if (route.answer === 'file' && caller) {
        const { rateLimits, now } = context.deps;
        const limit = route.access === 'staff' ? STAFF_DOWNLOAD_LIMIT : DOWNLOAD_LIMIT;
        await assertWithinRateLimit(rateLimits, limit, `uid:${caller.uid}`, now(), route.path);
      }
      const answer = () => handle({ ...context, body, params, profile } as HandlerContext<R>);
      // What a staff member does is recorded with their name and e-mail as they are now.
      const run = caller?.staff
        ? () =>
            actingAs(
              { uid: caller.uid, name: caller.name ?? '', email: caller.email ?? '' },
              answer,
            )
        : answer;
      return route.answer === 'file' ? inDownloadTurn(run) : run();
    },
  };
}

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
