/**
 * The handler as Cloud Functions runs it: wrapped by firebase-functions' `onRequest`, behind an
 * express app whose body parsers have already consumed the body into `rawBody` (as the Functions
 * emulator and the production framework do).
 */
import bodyParser from 'body-parser';
import express from 'express';
import { onRequest } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiHandler } from '../src/api/app';
import {
  answerFrameworkErrorsAsJson,
  forgetServingAppCheck,
  hostExpress,
  installFrameworkErrorAnswers,
  type ExpressModule,
} from '../src/api/framework-errors';
import { jsonReply } from '../src/api/http';
import { ROUTES } from '../src/api/routes/index';
import { bindRoute } from '../src/api/router';
import { defineRoute } from '@parroquia/domain';
import { z } from 'zod';
import { startServer, type RunningServer } from './support/http-server';
import { testDependencies } from './support/in-memory';

vi.mock('firebase-functions/logger', () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }));

const saveRawBody = (req: IncomingMessage, _res: unknown, buffer: Buffer) => {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = buffer;
};

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serveLikeCloudFunctions(
  maxBodyBytes = 64 * 1024,
  prepare: (app: express.Express) => void = () => {},
) {
  const routes = [
    ...ROUTES,
    bindRoute(
      defineRoute({ method: 'POST', path: '/api/echo/', access: 'public', answer: z.unknown() }),
      async ({ body }) => jsonReply({ body }),
    ),
  ];
  const api = onRequest(
    { region: 'europe-west1' },
    createApiHandler(testDependencies(), { maxBodyBytes }, routes),
  );
  const app = express();
  prepare(app);
  app.use(bodyParser.json({ limit: '32mb', verify: saveRawBody }));
  app.use(bodyParser.raw({ type: '*/*', limit: '32mb', verify: saveRawBody }));
  // The API handler answers its own failures (a 500 in JSON); express wants no promise back.
  app.use((req, res) => void api(req as Parameters<typeof api>[0], res));
  server = await startServer(app);
  return server.url;
}

describe('behind the Cloud Functions framework', () => {
  it('serves GET routes whose body stream was never read', async () => {
    const response = await fetch(`${await serveLikeCloudFunctions()}/api/cells/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it('reads JSON bodies from rawBody after the framework parsed them', async () => {
    const response = await fetch(`${await serveLikeCloudFunctions()}/api/echo/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ celdas: [{ x: 'K', y: 3 }] }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: { celdas: [{ x: 'K', y: 3 }] } });
  });

  it('applies its own body limit to rawBody', async () => {
    const response = await fetch(`${await serveLikeCloudFunctions(50)}/api/echo/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: 'x'.repeat(51),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'La petición es demasiado grande.' });
  });

  it('answers 401 JSON on a route that needs a token', async () => {
    const response = await fetch(`${await serveLikeCloudFunctions()}/api/users/whoami/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Inicia sesión para continuar.' });
  });

  describe('errors of the framework before the handler runs', () => {
    // As `index.ts` does at load time, before the host creates its express app.
    const host = express as unknown as ExpressModule;
    answerFrameworkErrorsAsJson(host);

    const malformed = (url: string, headers: Record<string, string> = {}) =>
      fetch(`${url}/api/echo/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: '{"celdas": [',
      });

    it("answers malformed JSON with the API's 400 JSON, no stack, no X-Powered-By", async () => {
      const response = await malformed(await serveLikeCloudFunctions());
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-store');
      const text = await response.text();
      expect(text).not.toMatch(/SyntaxError|node_modules/);
      expect(JSON.parse(text)).toMatchObject({
        error: 'El cuerpo de la petición no es JSON válido.',
      });
    });

    it("answers it in the caller's language", async () => {
      const url = await serveLikeCloudFunctions();
      expect(await (await malformed(url, { 'Accept-Language': 'ro' })).json()).toMatchObject({
        error: 'Corpul cererii nu este JSON valid.',
      });
      expect(await (await malformed(url, { 'Accept-Language': 'en-US' })).json()).toMatchObject({
        error: 'The request body is not valid JSON.',
      });
    });

    it('is installed once however often it is asked', () => {
      // Compared by identity, never called: no `this` to lose.
      /* eslint-disable @typescript-eslint/unbound-method */
      const handle = host.application.handle;
      expect(answerFrameworkErrorsAsJson(host)).toBe(true);
      expect(host.application.handle).toBe(handle);
      /* eslint-enable @typescript-eslint/unbound-method */
    });
  });

  describe('when an upgrade of the host breaks the patch, the log says so', () => {
    const errors = () =>
      vi
        .mocked(logger.error)
        .mock.calls.filter(([message]) => /answered by the host/.test(message));
    afterEach(() => {
      vi.mocked(logger.error).mockClear();
      forgetServingAppCheck();
    });

    it('logs an error at load when there is no host express to patch', () => {
      installFrameworkErrorAnswers(null);
      expect(errors()).toHaveLength(1);
    });

    it('logs nothing when the app serving requests has our final handler', async () => {
      answerFrameworkErrorsAsJson(express as unknown as ExpressModule);
      const url = await serveLikeCloudFunctions();
      await fetch(`${url}/api/cells/`);
      expect(errors()).toEqual([]);
    });

    it('logs an error once when the app serving requests does not (created before the patch)', async () => {
      const url = await serveLikeCloudFunctions(64 * 1024, (app) => {
        // What an app created from the unpatched `application` carries: a handle of its own.
        const withHandle = app as unknown as { handle: (...args: unknown[]) => void };
        const patched = withHandle.handle.bind(app);
        withHandle.handle = (...args) => patched(...args);
      });
      await fetch(`${url}/api/cells/`);
      await fetch(`${url}/api/cells/`);
      expect(errors()).toHaveLength(1);
    });
  });

  describe("the emulator's host, firebase-tools' functions runtime, as installed", () => {
    // The module the emulator runs as its main module; `hostExpress` resolves express from it.
    const runtime = createRequire(import.meta.url).resolve(
      'firebase-tools/lib/emulator/functionsEmulatorRuntime.js',
    );

    it('has an express our patch finds, whose new apps take their handle from it', () => {
      const hostsExpress = hostExpress(runtime);
      expect(hostsExpress).not.toBeNull();
      expect(answerFrameworkErrorsAsJson(hostsExpress)).toBe(true);
      const createApp = hostsExpress as unknown as () => { handle: unknown };
      // eslint-disable-next-line @typescript-eslint/unbound-method -- compared, never called
      expect(createApp().handle).toBe(hostsExpress?.application.handle);
    });
  });
});
