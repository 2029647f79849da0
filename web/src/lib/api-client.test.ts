import type { IncomingMessage } from 'node:http';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@parroquia/domain';
import { createApiClient, type ApiClient } from '@/lib/api-client';
import { ApiError, REQUEST_FAILED } from '@/lib/api-error';
import { sendJson, startLocalServer, type LocalServer } from '@/testing/local-server';

const Anything = z.unknown();
const Greeting = z.object({ hello: z.string() });

/** Routes of a made-up contract, one per answer the server below gives. */
const get = <A extends z.ZodMiniType>(name: string, answer: A) =>
  defineRoute({ method: 'GET', path: `/api/${name}/`, access: 'public', answer });
const post = <A extends z.ZodMiniType>(name: string, answer: A) =>
  defineRoute({ method: 'POST', path: `/api/${name}/`, access: 'public', body: Anything, answer });

interface Seen {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  acceptLanguage: string | undefined;
  body: string;
}
const seen: Seen[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

let server: LocalServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startLocalServer(async (request, response) => {
    seen.push({
      method: request.method,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      acceptLanguage: request.headers['accept-language'],
      body: await readBody(request),
    });
    switch (request.url) {
      case '/api/ok/':
        return sendJson(response, 200, { hello: 'mundo' });
      case '/api/echo/':
        return sendJson(response, 200, { hello: seen.at(-1)!.body });
      case '/api/with-error-field/':
        return sendJson(response, 409, { error: 'Alguna parcela no está disponible' });
      case '/api/refused-input/':
        return sendJson(response, 400, {
          error: 'Demasiado largo (campo: names.2.name)',
          code: 'invalidField',
          field: 'names.2.name',
        });
      case '/api/blank-error-field/':
        return sendJson(response, 400, { error: '' });
      case '/api/not-json/':
        response.writeHead(502, { 'Content-Type': 'text/html' });
        return response.end('<h1>Bad gateway</h1>');
      case '/api/ok-but-wrong-shape/':
        return sendJson(response, 200, { hello: 42 });
      default:
        return sendJson(response, 404, 'null');
    }
  });
  client = createApiClient({ baseUrl: server.url });
});

afterAll(async () => {
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected the request to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it("asks for the reader's language in Accept-Language on every call", async () => {
    let language = 'ro';
    const reader = createApiClient({ baseUrl: server.url, language: () => language });
    await reader.call(get('ok', Greeting), {});
    expect(seen.at(-1)?.acceptLanguage).toBe('ro');
    language = 'en';
    await reader.call(post('echo', Greeting), { body: {} });
    expect(seen.at(-1)?.acceptLanguage).toBe('en');
  });

  it('returns the parsed JSON of a successful GET', async () => {
    await expect(client.call(get('ok', Greeting), {})).resolves.toEqual({ hello: 'mundo' });
  });

  it('sends a POST body as JSON with the bearer token', async () => {
    const answer = await client.call(post('echo', Greeting), {
      body: { code: 'AB12CD34' },
      token: 'tok',
    });
    expect(JSON.parse(answer.hello)).toEqual({ code: 'AB12CD34' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      authorization: 'Bearer tok',
      contentType: 'application/json',
    });
  });

  it("throws the response's error field, with the status", async () => {
    for (const call of [
      client.call(get('with-error-field', Anything), {}),
      client.call(post('with-error-field', Anything), { body: {} }),
    ]) {
      const error = await failure(call);
      expect(error.message).toBe('Alguna parcela no está disponible');
      expect(error.status).toBe(409);
      expect(error.fromServer).toBe(true);
    }
  });

  it('gives the code and the field of an input the API refused, none when it named none', async () => {
    const refused = await failure(client.call(post('refused-input', Anything), { body: {} }));
    expect(refused).toMatchObject({ status: 400, code: 'invalidField', field: 'names.2.name' });
    const other = await failure(client.call(get('with-error-field', Anything), {}));
    expect(other).toMatchObject({ code: null, field: null });
  });

  it("throws 'HTTP error! status: N' from a GET without an error field", async () => {
    const notJson = await failure(client.call(get('not-json', Anything), {}));
    expect(notJson.message).toBe('HTTP error! status: 502');
    const blank = await failure(client.call(get('blank-error-field', Anything), {}));
    expect(blank.message).toBe('HTTP error! status: 400');
    const missing = await failure(client.call(get('missing', Anything), {}));
    expect(missing.message).toBe('HTTP error! status: 404');
    expect([notJson, blank, missing].map((error) => error.fromServer)).toEqual([false, false, false]);
  });

  it("throws 'Error al hacer la petición' from a POST without an error field", async () => {
    const error = await failure(client.call(post('not-json', Anything), { body: { a: 1 } }));
    expect(error.message).toBe(REQUEST_FAILED);
    expect(error.message).toBe('Error al hacer la petición');
    expect(error.status).toBe(502);
  });

  it('rejects a successful answer of the wrong shape', async () => {
    const error = await failure(client.call(get('ok-but-wrong-shape', Greeting), {}));
    expect(error.message).toBe(REQUEST_FAILED);
    expect(error.status).toBe(200);
    expect(error.cause).toBeInstanceOf(z.core.$ZodError);
  });

  it('reports a server that cannot be reached with no status', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const unreachable = createApiClient({ baseUrl: closed.url });
    const error = await failure(unreachable.call(get('ok', Anything), {}));
    expect(error.message).toBe(REQUEST_FAILED);
    expect(error.status).toBeNull();
  });
});
