import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addCspSources } from '../src/local-stack/csp.ts';
import { localFirebaseJson } from '../src/local-stack/firebase-config.ts';
import { ROOT } from '../src/local-stack/project.ts';
import { DEFAULT_PORTS } from '../src/local-stack/stack-ports.ts';

const ports = { ...DEFAULT_PORTS, hosting: 6000, auth: 6001, firestore: 6002 };

function cspOf(config: {
  hosting: { headers?: Array<{ headers: Array<{ key: string; value: string }> }> };
}) {
  const values = (config.hosting.headers ?? [])
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key === 'Content-Security-Policy')
    .map((header) => header.value);
  expect(values).toHaveLength(1);
  return Object.fromEntries(
    values[0]!.split('; ').map((directive) => {
      const [name, ...sources] = directive.split(' ');
      return [name!, sources];
    }),
  );
}

describe('addCspSources', () => {
  it('appends to the named directives only, without repeating a source', () => {
    expect(
      addCspSources("default-src 'self'; connect-src 'self' https://a.test", {
        'connect-src': ['http://127.0.0.1:9', 'https://a.test'],
      }),
    ).toBe("default-src 'self'; connect-src 'self' https://a.test http://127.0.0.1:9");
  });

  it('refuses a directive the policy lacks (it would fall back to default-src unnoticed)', () => {
    expect(() => addCspSources("default-src 'self'", { 'frame-src': ['x'] })).toThrow(/frame-src/);
  });
});

describe("the local stack's firebase.json", () => {
  const production = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  const local = localFirebaseJson(ports);

  it("allows exactly the stack's Auth and Firestore emulators beyond production's policy", () => {
    const before = cspOf(production);
    const after = cspOf(local);
    expect(after['connect-src']).toEqual([
      ...before['connect-src']!,
      'http://127.0.0.1:6001',
      'http://127.0.0.1:6002',
    ]);
    expect(after['frame-src']).toEqual([...before['frame-src']!, 'http://127.0.0.1:6001']);
    const { ['connect-src']: _c, ['frame-src']: _f, ...rest } = after;
    const { ['connect-src']: _pc, ['frame-src']: _pf, ...productionRest } = before;
    expect(rest).toEqual(productionRest);
  });

  it("names no emulator in production's policy", () => {
    expect(JSON.stringify(cspOf(production))).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it("uses the stack's ports and keeps everything else", () => {
    expect(local.emulators.hosting).toEqual({ host: '127.0.0.1', port: 6000 });
    expect(local.emulators.auth).toEqual({ host: '127.0.0.1', port: 6001 });
    expect({ ...local, emulators: undefined, hosting: undefined }).toEqual({
      ...production,
      emulators: undefined,
      hosting: undefined,
    });
  });
});
