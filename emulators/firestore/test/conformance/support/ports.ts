import net from 'node:net';

/** This machine's agreement: our processes only use TCP ports 18300-18399. */
export const PORT_RANGE = { from: 18300, to: 18399 } as const;

function tryListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen({ port, host, exclusive: true }, () => s.close(() => resolve(true)));
  });
}

/** A currently free port in the range, starting at a random offset (several runs may share the machine). */
export async function freePort(host = '127.0.0.1', avoid: number[] = []): Promise<number> {
  const n = PORT_RANGE.to - PORT_RANGE.from + 1;
  const start = Math.floor(Math.random() * n);
  for (let i = 0; i < n; i++) {
    const port = PORT_RANGE.from + ((start + i) % n);
    if (avoid.includes(port)) continue;
    if (await tryListen(port, host)) return port;
  }
  throw new Error(`no free TCP port in ${PORT_RANGE.from}-${PORT_RANGE.to}`);
}

/** Retries `fn(port)` on EADDRINUSE with another free port in the range. */
export async function withFreePort<T>(host: string, fn: (port: number) => Promise<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < 10; i++) {
    const port = await freePort(host);
    try {
      return await fn(port);
    } catch (e) {
      last = e;
      if (!String((e as Error)?.message ?? e).includes('EADDRINUSE') && (e as NodeJS.ErrnoException)?.code !== 'EADDRINUSE') throw e;
    }
  }
  throw last;
}
