/** A tiny static server for the harness page, on a free port. */
import http from 'node:http';
import { listenOnFreePort } from '@parroquia/testkit/ports';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveHarness(js: string, host = '127.0.0.1'): Promise<StaticServer> {
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>firestore harness</title></head><body><script src="/harness.js"></script></body></html>';
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
  const listening = await listenOnFreePort(server, host);
  return { url: `${listening.url}/`, close: listening.close };
}
