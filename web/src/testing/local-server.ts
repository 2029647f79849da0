/**
 * A real HTTP server on 127.0.0.1 for tests, on the first free port from `firstPort` (the
 * team's machines allow 18500-18599 only, so no ephemeral ports).
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export interface LocalServer {
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

export async function startLocalServer(
  handler: RequestListener,
  { firstPort, attempts = 10 }: { firstPort: number; attempts?: number },
): Promise<LocalServer> {
  const server = createServer(handler);
  for (let port = firstPort; port < firstPort + attempts; port += 1) {
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
  throw new Error(`No free port in ${firstPort}-${firstPort + attempts - 1}`);
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
