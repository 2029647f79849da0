/** Writing answers: Stripe's JSON (with a `Request-Id`), the hosted page's HTML, redirects. */
import type { ServerResponse } from 'node:http';
import { DoubleError } from '../errors.ts';
import { stripeId } from '../ids.ts';
import type { IdempotentAnswer } from '../state.ts';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': stripeId('req', 14),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location });
  res.end();
}

/** A `DoubleError` as Stripe's error answer; anything else is the double's own bug: 500. */
export function failureAnswer(error: unknown): IdempotentAnswer {
  if (error instanceof DoubleError) return { status: error.status, body: error.body };
  return {
    status: 500,
    body: { error: { type: 'api_error', message: 'Internal error in the Stripe double.' } },
  };
}

export function sendFailure(
  res: ServerResponse,
  error: unknown,
  log: (line: string) => void,
): void {
  if (!(error instanceof DoubleError)) {
    log(
      `stripe double: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  const { status, body } = failureAnswer(error);
  sendJson(res, status, body);
}
