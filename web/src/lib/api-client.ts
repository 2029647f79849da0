/**
 * The one way the app talks to its API (docs/api.md): JSON in, JSON out, and an `ApiError`
 * carrying the server's `error` text when there is one. Fallback texts are those of docs/api.md.
 */
import * as z from 'zod/mini';
import { env } from '@/config/env';
import { currentLanguage } from '@/lib/i18n';

export const REQUEST_FAILED = 'Error al hacer la petición';
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;

export class ApiError extends Error {
  /** The HTTP status, or null when no response arrived (network failure). */
  readonly status: number | null;

  constructor(message: string, status: number | null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
  }
}

type FetchFn = typeof fetch;
/** Any zod schema, classic or mini. */
type Schema<T> = z.core.$ZodType<T>;

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

export interface ApiClient {
  get<T>(path: string, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, schema: Schema<T>, options?: RequestOptions): Promise<T>;
  /** A file (a PDF): `body` undefined means GET. Errors as for JSON calls. */
  file(path: string, body: unknown, options?: RequestOptions): Promise<Blob>;
}

function errorField(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return null;
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
      const payload = await readJson(response);
      const fallback = method === 'GET' ? httpErrorMessage(response.status) : REQUEST_FAILED;
      throw new ApiError(errorField(payload) ?? fallback, response.status);
    }
    return response;
  }

  async function request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: Schema<T>,
    options: RequestOptions = {},
  ): Promise<T> {
    const response = await send(method, path, body, options, 'application/json');
    const payload = await readJson(response);
    const parsed = z.safeParse(schema, payload);
    if (!parsed.success) {
      throw new ApiError(REQUEST_FAILED, response.status, { cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    get: (path, schema, options) => request('GET', path, undefined, schema, options),
    post: (path, body, schema, options) => request('POST', path, body, schema, options),
    file: async (path, body, options = {}) => {
      const response = await send(body === undefined ? 'GET' : 'POST', path, body, options, '*/*');
      return response.blob();
    },
  };
}

/** The client the app uses: same origin unless `VITE_API_BASE_URL` says otherwise. */
export const apiClient: ApiClient = createApiClient({
  baseUrl: env.API_BASE_URL,
  language: currentLanguage,
});
