/** A real HTTP server around a handler, on a free port. */
import { createServer, type RequestListener } from 'node:http';
import { listenOnFreePort, type ListeningServer } from '@parroquia/testkit/ports';

export type RunningServer = ListeningServer;

export function startServer(listener: RequestListener): Promise<RunningServer> {
  // One request per connection: a fetch must never reuse a socket the handler has finished with.
  const server = createServer((request, response) => {
    response.shouldKeepAlive = false;
    listener(request, response);
  });
  return listenOnFreePort(server);
}
