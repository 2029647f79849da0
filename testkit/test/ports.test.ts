import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts, listenOnFreePort, withFreePort } from '../src/ports.ts';

describe('free ports', () => {
  it('hands out distinct ports that can be listened on', async () => {
    const ports = await freePorts(7);
    expect(new Set(ports).size).toBe(7);
    const server = await listenOnFreePort(createServer((_, response) => response.end('ok')));
    expect(await (await fetch(server.url)).text()).toBe('ok');
    await server.close();
  });

  it('tries another port when the first is taken meanwhile, and passes other errors on', async () => {
    const taken = createTcpServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as { port: number }).port;
    const tried: number[] = [];
    const port = await withFreePort(async (candidate) => {
      tried.push(candidate);
      if (tried.length === 1) {
        throw Object.assign(new Error(`listen EADDRINUSE 127.0.0.1:${takenPort}`), {
          code: 'EADDRINUSE',
        });
      }
      return candidate;
    });
    expect(tried).toHaveLength(2);
    expect(port).toBe(tried[1]);
    await expect(withFreePort(async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    taken.close();
  });
});
