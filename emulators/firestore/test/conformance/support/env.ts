import { inject } from 'vitest';
import type { Client, Driver, Listener } from './types.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
    firestoreEmulatorError: string;
  }
}

/** `host:port` of the emulator under test; also exported to process.env for firebase-admin. */
export function emulatorHost(): string {
  const fromEnv = process.env.FIRESTORE_EMULATOR_HOST;
  if (fromEnv) return fromEnv;
  const err = inject('firestoreEmulatorError');
  if (err) throw new Error(`conformance global setup could not start the emulator: ${err}`);
  const host = inject('firestoreEmulatorHost');
  if (!host) throw new Error('no FIRESTORE_EMULATOR_HOST and the global setup provided none');
  process.env.FIRESTORE_EMULATOR_HOST = host;
  return host;
}

export function splitHost(hostPort: string): { host: string; port: number } {
  const i = hostPort.lastIndexOf(':');
  return {
    host: hostPort.slice(0, i).replace(/^\[|\]$/g, ''),
    port: Number(hostPort.slice(i + 1)),
  };
}

export function emulatorUrl(): string {
  return `http://${emulatorHost()}`;
}

const rand = () => Math.random().toString(36).slice(2, 10);

/** A fresh project id per test (valid for real Firestore too: lowercase, digits, dashes). */
export function newProjectId(tag: string): string {
  return `conf-${tag}-${rand()}`.toLowerCase().slice(0, 30);
}

/** DELETE every document of a project through the emulator REST endpoint. */
export async function clearProject(projectId: string): Promise<void> {
  const res = await fetch(
    `${emulatorUrl()}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  const body = await res.text();
  if (res.status !== 200) {
    throw new Error(
      `clearing project ${projectId}: expected HTTP 200, got ${res.status} ${body.slice(0, 200)}`,
    );
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `probe` until it returns something other than undefined/false, or fails after
 * `timeoutMs` with a message naming what was awaited and the last observed state.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  opts: { timeoutMs?: number; show?: () => unknown } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > deadline) {
      let state: string;
      try {
        state = opts.show ? `; last state: ${JSON.stringify(await opts.show())}` : '';
      } catch (e) {
        state = `; state unavailable: ${(e as Error).message}`;
      }
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${state.slice(0, 3000)}`);
    }
    await sleep(20);
  }
}

/**
 * Waits for the first event at index >= `from` that satisfies `pred`; returns it and its index.
 */
export async function waitForEvent<E>(
  listener: Listener<E>,
  what: string,
  pred: (e: E) => boolean,
  from = 0,
  timeoutMs = 10_000,
): Promise<{ event: E; index: number }> {
  let last: E[] = [];
  return waitFor(
    what,
    async () => {
      last = await listener.events();
      for (let i = from; i < last.length; i++)
        if (pred(last[i]!)) return { event: last[i]!, index: i };
      return undefined;
    },
    { timeoutMs, show: () => last.slice(from) },
  );
}

/**
 * Per-test resources: project ids, clients and listeners, released in afterEach in the order
 * listeners -> clients -> project documents.
 */
export class Scope {
  private projects: string[] = [];
  private clients: Client[] = [];
  private listeners: Listener<unknown>[] = [];
  constructor(private driver: () => Driver) {}

  project(): string {
    const p = newProjectId(
      this.driver()
        .name.replace(/[^a-z0-9]/gi, '')
        .slice(0, 8),
    );
    this.projects.push(p);
    return p;
  }

  async client(projectId: string): Promise<Client> {
    const c = await this.driver().client(projectId);
    this.clients.push(c);
    const track = <L extends Listener<unknown>>(l: L): L => {
      this.listeners.push(l);
      return l;
    };
    // Wrap listen calls so every listener is stopped at cleanup.
    return new Proxy(c, {
      get: (target, prop, recv) => {
        if (prop === 'listenDoc' || prop === 'listenQuery') {
          return async (...args: unknown[]) =>
            track(await (target[prop] as (...a: unknown[]) => Promise<Listener<unknown>>)(...args));
        }
        return Reflect.get(target, prop, recv);
      },
    });
  }

  async cleanup(): Promise<void> {
    const errors: unknown[] = [];
    for (const l of this.listeners.splice(0)) await l.stop().catch((e) => errors.push(e));
    for (const c of this.clients.splice(0)) await c.close().catch((e) => errors.push(e));
    for (const p of this.projects.splice(0)) await clearProject(p).catch((e) => errors.push(e));
    if (errors.length)
      throw new AggregateError(errors, `cleanup failed: ${errors.map(String).join('; ')}`);
  }
}
