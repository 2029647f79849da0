/** A tiny static server for the harness page, on a port in this machine's range. */
import http from 'node:http';
import { withFreePort } from '../support/ports.ts';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveHarness(js: string, host = '127.0.0.1'): Promise<StaticServer> {
  const html = '<!doctype html><html><head><meta charset="utf-8"><title>firestore harness</title></head><body><script src="/harness.js"></script></body></html>';
  return withFreePort(host, (port) =>
    new Promise<StaticServer>((resolve, reject) => {
      const server = http.createServer((req, res) => {
        const path = (req.url ?? '/').split('?')[0];
        if (path === '/' || path === '/index.html') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
        } else if (path === '/harness.js') {
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
        } else {
          res.writeHead(404).end();
        }
      });
      server.once('error', reject);
      server.listen(port, host, () =>
        resolve({
          url: `http://${host}:${port}/`,
          close: () =>
            new Promise<void>((r) => {
              server.closeAllConnections();
              server.close(() => r());
            }),
        }),
      );
    }),
  );
}
