/** The `api` function's request handler: route, limit, authenticate, run, answer JSON. */
import type { ServerResponse } from 'node:http';
import { API_CONFIG, type ApiConfig } from '../config';
import { logRequestFailed } from '../log';
import type { ApiDependencies } from '../ports/api-dependencies';
import { authenticate } from './auth';
import { clientAddressOf } from './client-address';
import { acceptsGzip } from './compression';
import { checkFrameworkErrorsAnswered } from './framework-errors';
import { callerLanguage } from './language';
import {
  ApiError,
  assertDeclaredLengthWithin,
  parseJsonBody,
  readBody,
  sendError,
  sendReply,
  type ApiRequest,
} from './http';
import { API_MESSAGES } from './messages';
import { matchRoute, routePath, type Route } from './router';
import { ROUTES } from './routes/index';

export type ApiHandler = (req: ApiRequest, res: ServerResponse) => Promise<void>;

export function createApiHandler(
  deps: ApiDependencies,
  config: ApiConfig = API_CONFIG,
  routes: readonly Route[] = ROUTES,
): ApiHandler {
  return async (req, res) => {
    checkFrameworkErrorsAnswered(req);
    const method = req.method ?? 'GET';
    let path = req.url ?? '/';
    const language = callerLanguage(req.headers);
    try {
      const url = new URL(req.url ?? '/', 'http://api.invalid');
      path = routePath(url.pathname);
      assertDeclaredLengthWithin(req, config.maxBodyBytes);
      const match = matchRoute(routes, method, path);
      if (!match.found) throw match.error;
      const { route } = match;
      const caller = await authenticate(req, path, route.access, deps.idTokens);
      const rawBody = await readBody(req, config.maxBodyBytes);
      const body = route.body === 'json' ? parseJsonBody(rawBody) : undefined;
      const context = {
        deps,
        query: url.searchParams,
        body,
        rawBody,
        caller,
        headers: req.headers,
        language,
        clientAddress: clientAddressOf(req),
      };
      sendReply(res, await route.handle(context), acceptsGzip(req.headers['accept-encoding']));
    } catch (error) {
      if (!(error instanceof ApiError)) logRequestFailed(method, path, error);
      if (res.headersSent) {
        res.end();
        return;
      }
      const answer = error instanceof ApiError ? error : new ApiError(500, API_MESSAGES.internal);
      sendError(res, answer, language);
    }
  };
}
