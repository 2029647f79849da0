/**
 * The API's contract, declared once (docs/api.md): each route's method, path, who may call it,
 * and the zod schemas of its body, its query string and its answer. The functions register a
 * handler per route of `API_ROUTES` and validate with these schemas; the web calls through a
 * client typed by them. A field renamed here breaks the build of both sides.
 *
 * Schemas are `zod/mini` so the web bundle carries only the checks it uses. Error answers are
 * one shape for every route (`apiErrorAnswerSchema`), their texts the catalogue of
 * `messages.ts` in the caller's language.
 */
import * as z from 'zod/mini';

export type Method = 'GET' | 'POST';

/** `public`: anyone; `signed-in`: a Firebase ID token; `staff`: a token with the staff claim. */
export type Access = 'public' | 'signed-in' | 'staff';

export type Schema = z.core.$ZodType;

/** A JSON body's schema; `raw` for a body that is not JSON (Stripe's signed events). */
export type BodyKind = Schema | 'raw' | undefined;

/** A JSON answer's schema, or `file` for a download (PDF, CSV). */
export type AnswerKind = Schema | 'file';

/** `required`: a signed-in route that answers 403 until the privacy policy is accepted. */
export type Consent = 'required' | undefined;

export interface ApiRoute<
  B extends BodyKind = BodyKind,
  Q extends Schema | undefined = Schema | undefined,
  A extends AnswerKind = AnswerKind,
  P extends Consent = Consent,
> {
  readonly method: Method;
  /** With the `/api` prefix and the trailing slash, as Hosting forwards it. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  readonly privacyPolicy: P;
  readonly body: B;
  readonly query: Q;
  readonly answer: A;
}

/**
 * Declares a route; unset `body` and `query` mean none is read. It has no effect but its answer,
 * which the annotation tells bundlers: a page that calls one route of a module carries only that
 * route's schemas, not the module's others.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<
  A extends AnswerKind,
  B extends BodyKind = undefined,
  Q extends Schema | undefined = undefined,
  P extends Consent = undefined,
>(route: {
  method: Method;
  path: `/api/${string}`;
  access: Access;
  privacyPolicy?: P;
  body?: B;
  query?: Q;
  answer: A;
}): ApiRoute<B, Q, A, P> {
  return {
    ...route,
    privacyPolicy: route.privacyPolicy as P,
    body: route.body as B,
    query: route.query as Q,
  };
}

/** What a caller sends as the body: the schema's input; nothing for a route without one. */
export type BodyInput<R extends ApiRoute> = R['body'] extends Schema
  ? z.input<R['body']>
  : undefined;

/** What a handler reads from the body: the schema's output (`unknown` when none is declared). */
export type BodyOutput<R extends ApiRoute> = R['body'] extends Schema
  ? z.output<R['body']>
  : R['body'] extends 'raw'
    ? undefined
    : unknown;

export type QueryInput<R extends ApiRoute> = R['query'] extends Schema
  ? z.input<R['query']>
  : undefined;

export type QueryOutput<R extends ApiRoute> = R['query'] extends Schema
  ? z.output<R['query']>
  : undefined;

/** What a handler answers (the schema's input) and what the caller reads (its output). */
export type AnswerInput<R extends ApiRoute> = R['answer'] extends Schema
  ? z.input<R['answer']>
  : never;

export type AnswerOutput<R extends ApiRoute> = R['answer'] extends Schema
  ? z.output<R['answer']>
  : never;

/**
 * Every error answer: the text in the caller's language; `code`, the catalogue key screens decide
 * by (`unknown` for a text no catalogue has; optional for answers from before it); `field` names
 * the refused input on a 400 from a schema.
 */
export const apiErrorAnswerSchema = z.object({
  error: z.string(),
  code: z.optional(z.string()),
  field: z.optional(z.string()),
});
export type ApiErrorAnswer = z.output<typeof apiErrorAnswerSchema>;
