/**
 * The errors that happen before the `api` handler runs, answered like the API's own.
 *
 * Cloud Functions runs every HTTP function behind an express app of its host (the Functions
 * Framework in production, firebase-tools' `functionsEmulatorRuntime.js` locally) whose body
 * parsers read `application/json` bodies first. A malformed one never reaches us: body-parser
 * hands a `SyntaxError` to express's final handler, which answers an HTML page, with the stack
 * unless NODE_ENV is `production`. Neither host offers a hook for those errors (the Functions
 * Framework's proposal to pass them to the function, its pull request 685, is not released;
 * firebase-functions' `onRequest` only wraps our handler), so this module gives the host's
 * express apps a final handler of ours.
 *
 * Both hosts load the function's module before they create their express app, so replacing
 * `application.handle` of the host's own `express` (resolved from the host's main module) at
 * load time reaches the app that serves our requests. That is not a promised API: the function
 * says so in its log when the patch finds no express at load (`answerFrameworkErrorsAsJson`'s
 * `false`) or when the app that serves a request is not patched (`checkFrameworkErrorsAnswered`),
 * and the stack suite's malformed-body tests fail. docs/architecture.md weighs the options.
 */
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logFrameworkErrorsUnanswered, logRequestFailed } from '../log';
import { ApiError, sendError } from './http';
import { callerLanguage } from './language';
import { API_MESSAGES } from './messages';

/** What we need of an express module: the prototype its apps copy `handle` from. */
export interface ExpressModule {
  application: {
    handle(req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void): void;
  };
}

const INSTALLED = Symbol.for('parroquia.api.frameworkErrors');

/** An error of the host's request pipeline (body-parser's carry `status` and `type`). */
function apiErrorOf(error: unknown): ApiError {
  if (error === undefined) return new ApiError(404, API_MESSAGES.notFound);
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (type === 'entity.parse.failed') return new ApiError(400, API_MESSAGES.bodyNotJson);
  if (status === 413) return new ApiError(413, API_MESSAGES.bodyTooLarge);
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(400, API_MESSAGES.requestUnreadable);
  }
  return new ApiError(500, API_MESSAGES.internal);
}

/** The host's final answer: the API's JSON error, in the caller's language, never a stack. */
export function answerFrameworkError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
): void {
  const answer = apiErrorOf(error);
  if (answer.status === 500) logRequestFailed(req.method ?? 'GET', req.url ?? '/', error);
  if (res.headersSent) {
    res.end();
    return;
  }
  // The rest of the body may still be arriving (body-parser stopped reading at the error).
  req.resume();
  sendError(res, answer, callerLanguage(req.headers));
}

/** The express module the process's host serves requests with, if it has one. */
export function hostExpress(hostMain = require.main?.filename): ExpressModule | null {
  if (!hostMain) return null;
  try {
    const express = createRequire(hostMain)('express') as Partial<ExpressModule>;
    return typeof express.application?.handle === 'function' ? (express as ExpressModule) : null;
  } catch {
    return null;
  }
}

/** The replaced `handle`, marked so that a request can tell whether its app has it. */
type MarkedHandle = ExpressModule['application']['handle'] & { [INSTALLED]?: true };

/**
 * Makes every express app created from now on with `express` end unanswered requests and
 * errors with `answerFrameworkError` instead of express's HTML final handler. Idempotent.
 * `false` when there is no host express to patch (then the host answers those errors itself).
 */
export function answerFrameworkErrorsAsJson(
  express: ExpressModule | null = hostExpress(),
): boolean {
  if (!express) return false;
  const application = express.application;
  if ((application.handle as MarkedHandle)[INSTALLED]) return true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its `this` below
  const handle = application.handle;
  const handleWithJsonErrors: MarkedHandle = function (this: unknown, req, res, callback) {
    const done = callback ?? ((error?: unknown) => answerFrameworkError(req, res, error));
    handle.call(this, req, res, done);
  };
  handleWithJsonErrors[INSTALLED] = true;
  application.handle = handleWithJsonErrors;
  return true;
}

/**
 * At load: patches the host's express, and logs an error when there is none to patch (an
 * upgrade of the host changed how it is found), so the loss is seen, not silent.
 */
export function installFrameworkErrorAnswers(express: ExpressModule | null = hostExpress()): void {
  if (!answerFrameworkErrorsAsJson(express)) {
    logFrameworkErrorsUnanswered("no express module found from the host's main module");
  }
}

let servingAppChecked = false;

/**
 * Per request, until one has been seen: whether the express app that serves it (express sets
 * `req.app`) has our final handler. An app the host created before our module loaded, or from
 * another copy of express, does not: then malformed bodies get the host's HTML, and the log says
 * so once. A request without `req.app` (a plain Node server, in tests) has no host to check.
 */
export function checkFrameworkErrorsAnswered(req: IncomingMessage): void {
  if (servingAppChecked) return;
  const app = (req as IncomingMessage & { app?: { handle?: MarkedHandle } }).app;
  if (!app) return;
  servingAppChecked = true;
  if (!app.handle?.[INSTALLED]) {
    logFrameworkErrorsUnanswered("the host's express app serving requests is not patched");
  }
}

/** Tests only: check the next request's app again. */
export function forgetServingAppCheck(): void {
  servingAppChecked = false;
}
