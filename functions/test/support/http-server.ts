/** A real HTTP server around a handler, on a free port of the range this project may use. */
import { createServer, type RequestListener, type Server } from 'node:http';

const FIRST_PORT = 18400;
const LAST_PORT = 18499;

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

export async function startServer(listener: RequestListener): Promise<RunningServer> {
  // One request per connection: a fetch must never reuse a socket the handler has finished with.
  const server = createServer((request, response) => {
    response.shouldKeepAlive = false;
    listener(request, response);
  });
  const span = LAST_PORT - FIRST_PORT + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = FIRST_PORT + ((start + i) % span);
    if (await listen(server, port)) {
      return {
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((resolve, reject) => {
            server.closeAllConnections();
            server.close((error) => (error ? reject(error) : resolve()));
          }),
      };
    }
  }
  throw new Error(`No free port in ${FIRST_PORT}-${LAST_PORT}`);
}
