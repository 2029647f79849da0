/**
 * The one way the app talks to its API (docs/api.md): a call names a route of the contract
 * (`API_ROUTES` in domain/src/api), so its path, method, body, query and answer are typed by
 * the same declaration the functions serve. JSON in, JSON out (checked against the answer's
 * schema), and an `ApiError` carrying the server's `error` text and `code` when there are. Fallback
 * texts are those of docs/api.md.
 */
import {
  apiErrorAnswerSchema,
  type ApiRoute,
  type BodyInput,
  type QueryInput,
  type Schema,
} from '@parroquia/domain';
import * as z from 'zod/mini';
import { env } from '@/config/env';
import { ApiError, httpErrorMessage, REQUEST_FAILED } from '@/lib/api-error';
import { currentLanguage } from '@/lib/i18n';

type FetchFn = typeof fetch;

export interface ApiClientOptions {
  /** '' for the same origin, otherwise an absolute URL without a trailing slash. */
  baseUrl: string;
  fetch?: FetchFn;
  /** Sent as `Accept-Language`, so the API's error texts come in the reader's language. */
  language?: () => string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
}

/** What a call sends: the route's body and query, when it declares them. */
export type CallInput<R extends ApiRoute> = RequestOptions &
  (R['body'] extends Schema ? { body: BodyInput<R> } : { body?: undefined }) &
  (R['query'] extends Schema ? { query: QueryInput<R> } : { query?: undefined });

/** What a call gives back: the answer's schema output, or the downloaded file. */
export type CallAnswer<R extends ApiRoute> = R['answer'] extends Schema
  ? z.output<R['answer']>
  : Blob;

export interface ApiClient {
  call<R extends ApiRoute>(route: R, input: CallInput<R>): Promise<CallAnswer<R>>;
}

function withQuery(path: string, query: unknown): string {
  if (typeof query !== 'object' || query === null) return path;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))}`;
}

/** The text, code and field of an error answer (`apiErrorAnswerSchema`), when it has a text. */
function errorAnswer(
  body: unknown,
): { text: string; code: string | null; field: string | null } | null {
  const answer = z.safeParse(apiErrorAnswerSchema, body);
  if (!answer.success || answer.data.error.trim() === '') return null;
  const { error, code, field } = answer.data;
  return { text: error, code: code ?? null, field: field ?? null };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient({
  baseUrl,
  fetch: fetchFn,
  language,
}: ApiClientOptions): ApiClient {
  async function send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    { signal, token }: RequestOptions,
    accept: string,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: accept };
    if (language) headers['Accept-Language'] = language();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      // Looked up per call so tests and polyfills that replace the global take effect.
      response = await (fetchFn ?? globalThis.fetch)(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError(REQUEST_FAILED, null, { cause });
    }
    if (!response.ok) {
      const said = errorAnswer(await readJson(response));
      const fallback = method === 'GET' ? httpErrorMessage(response.status) : REQUEST_FAILED;
      throw new ApiError(said?.text ?? fallback, response.status, {
        fromServer: said !== null,
        code: said?.code ?? null,
        field: said?.field ?? null,
      });
    }
    return response;
  }

  return {
    async call<R extends ApiRoute>(route: R, input: CallInput<R>): Promise<CallAnswer<R>> {
      const { body, query, ...options } = input;
      // A POST without a declared body still sends `{}`: the API reads every POST as JSON.
      const payload = route.method === 'POST' ? (body ?? {}) : undefined;
      const path = withQuery(route.path, query);
      if (route.answer === 'file') {
        const response = await send(route.method, path, payload, options, '*/*');
        return (await response.blob()) as CallAnswer<R>;
      }
      const response = await send(route.method, path, payload, options, 'application/json');
      const parsed = z.safeParse(route.answer, await readJson(response));
      if (!parsed.success) {
        throw new ApiError(REQUEST_FAILED, response.status, { cause: parsed.error });
      }
      return parsed.data as CallAnswer<R>;
    },
  };
}

/** The client the app uses: same origin unless `VITE_API_BASE_URL` says otherwise. */
export const apiClient: ApiClient = createApiClient({
  baseUrl: env.API_BASE_URL,
  language: currentLanguage,
});
