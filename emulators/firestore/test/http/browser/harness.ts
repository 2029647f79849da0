/** Bundles the page with esbuild, serves it, and launches Debian's Chromium with playwright-core. */
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../support.ts';

export async function bundlePage(): Promise<string> {
  const r = await build({
    entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    conditions: ['browser'],
    mainFields: ['browser', 'module', 'main'],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return r.outputFiles[0]!.text;
}

export async function servePage(js: string) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/bundle.js')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(js);
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><html><head><script src="/bundle.js"></script></head><body>ok</body></html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
