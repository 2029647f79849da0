/** A real HTTP server around a handler, on a free port. */
import { createServer } from 'node:http';
import {
  answeringRejections,
  listenOnFreePort,
  type ListeningServer,
  type TestRequestHandler,
} from '@parroquia/testkit/ports';

export type RunningServer = ListeningServer;

export function startServer(handler: TestRequestHandler): Promise<RunningServer> {
  const listener = answeringRejections(handler);
  // One request per connection: a fetch must never reuse a socket the handler has finished with.
  const server = createServer((request, response) => {
    response.shouldKeepAlive = false;
    listener(request, response);
  });
  return listenOnFreePort(server);
}
