/**
 * A real HTTP server on 127.0.0.1 for tests, on a port the operating system picks (port 0,
 * `@parroquia/testkit/ports`): no fixed port or range, so any number of runs share a machine.
 */
import { createServer, type RequestListener } from 'node:http';
import {
  answeringRejections,
  listenOnFreePort,
  type ListeningServer,
  type TestRequestHandler,
} from '@parroquia/testkit/ports';

export type LocalServer = Pick<ListeningServer, 'url' | 'close'>;

export function startLocalServer(handler: TestRequestHandler): Promise<LocalServer> {
  return listenOnFreePort(createServer(answeringRejections(handler)));
}

/** Answers with a JSON body (or raw text when `body` is a string). */
export function sendJson(
  response: Parameters<RequestListener>[1],
  status: number,
  body: unknown,
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  response.end(text);
}
