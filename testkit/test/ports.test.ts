import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { freePorts, listenOnFreePort, portsToListenOnLater, withFreePort } from '../src/ports.ts';

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

  it.skipIf(process.platform !== 'linux')(
    'hands out distinct ports for later, below the range outgoing connections take theirs from (Linux only: it reads that range from /proc)',
    async () => {
      const [firstOfConnections] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      const ports = await portsToListenOnLater(50);
      expect(new Set(ports).size).toBe(50);
      for (const port of ports) {
        expect(port).toBeGreaterThanOrEqual(20_000);
        expect(port).toBeLessThan(firstOfConnections!);
      }
      const server = createTcpServer();
      await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
      server.close();
    },
  );
});
