/**
 * Security rules through the running emulator: the rules file (and its reload), PUT
 * securityRules, REST answers (compared with Google's emulator by hand, see README), the owner
 * (REST `Bearer owner`, firebase-admin over gRPC), the web SDK's Listen and Write (gRPC in Node).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import * as web from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type RunningEmulator } from '../../src/server.ts';

const PROJECT = 'demo-rules-server';
const rulesSource = (usersRule: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /open/{id} { allow read, write: if true; }
    match /users/{uid} {
      allow get: if ${usersRule};
      allow create: if request.resource.data.n > 1;
    }
  }
}
`;
const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const tokenFor = (uid: string) =>
  `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid })}.`;

let emu: RunningEmulator;
let dir: string;
let rulesFile: string;
let base: string;
let docs: string;

async function rest(method: string, url: string, body?: unknown, auth?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (auth) headers.Authorization = `Bearer ${auth}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-rules-'));
  rulesFile = path.join(dir, 'firestore.rules');
  fs.writeFileSync(rulesFile, rulesSource('request.auth != null && request.auth.uid == uid'));
  emu = await start({ port: 0, quiet: true, rules: rulesFile });
  base = `http://127.0.0.1:${emu.port}`;
  docs = `${base}/v1/projects/${PROJECT}/databases/(default)/documents`;
});

afterAll(async () => {
  await emu?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('rules from the file, REST', () => {
  it("denies with 403 PERMISSION_DENIED in Google's forms; an unsigned token is request.auth", async () => {
    expect(await rest('GET', `${docs}/users/u1`)).toEqual({
      status: 403,
      json: {
        error: { code: 403, message: "\nfalse for 'get' @ L6", status: 'PERMISSION_DENIED' },
      },
    });
    expect(await rest('GET', `${docs}/nowhere/u1`)).toEqual({
      status: 403,
      json: {
        error: { code: 403, message: 'No matching allow statements', status: 'PERMISSION_DENIED' },
      },
    });
    expect((await rest('GET', `${docs}/users/u1`, undefined, tokenFor('u1'))).status).toBe(404);
    expect((await rest('GET', `${docs}/users/u1`, undefined, tokenFor('u2'))).status).toBe(403);
  });

  it('PATCH, POST and DELETE of documents, under the rules; Bearer owner bypasses them', async () => {
    const patched = await rest('PATCH', `${docs}/open/a`, { fields: { n: { integerValue: '1' } } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({
      name: expect.stringMatching(/documents\/open\/a$/),
      fields: { n: { integerValue: '1' } },
    });
    expect(patched.json.createTime).toBe(patched.json.updateTime);
    const masked = await rest(
      'PATCH',
      `${docs}/open/a?updateMask.fieldPaths=m&updateMask.fieldPaths=n`,
      {
        fields: { m: { stringValue: 'x' } },
      },
    );
    expect(masked.json.fields).toEqual({ m: { stringValue: 'x' } });
    expect(
      (await rest('PATCH', `${docs}/open/a?currentDocument.exists=false`, { fields: {} })).json
        .error.status,
    ).toBe('ALREADY_EXISTS');
    expect(
      (await rest('PATCH', `${docs}/open/zz?currentDocument.exists=true`, { fields: {} })).status,
    ).toBe(404);
    const stale = await rest(
      'PATCH',
      `${docs}/open/a?currentDocument.updateTime=2020-01-01T00:00:00Z`,
      { fields: {} },
    );
    expect(stale).toMatchObject({
      status: 400,
      json: { error: { status: 'FAILED_PRECONDITION' } },
    });

    const created = await rest('POST', `${docs}/open?documentId=b`, {
      fields: { n: { integerValue: '2' } },
    });
    expect(created).toMatchObject({
      status: 200,
      json: { name: expect.stringMatching(/open\/b$/) },
    });
    expect((await rest('POST', `${docs}/open?documentId=b`, { fields: {} })).status).toBe(409);
    const auto = await rest('POST', `${docs}/open`, { fields: {} });
    expect(auto.json.name).toMatch(/open\/[A-Za-z0-9]{20}$/);

    expect(await rest('DELETE', `${docs}/open/b`)).toEqual({ status: 200, json: {} });
    expect(await rest('DELETE', `${docs}/open/b`)).toEqual({ status: 200, json: {} });
    expect((await rest('DELETE', `${docs}/open/b?currentDocument.exists=true`)).status).toBe(404);

    expect(
      await rest('PATCH', `${docs}/users/u1`, { fields: { n: { integerValue: '1' } } }),
    ).toEqual({
      status: 403,
      json: {
        error: { code: 403, message: "\nfalse for 'create' @ L7", status: 'PERMISSION_DENIED' },
      },
    });
    expect(
      (await rest('POST', `${docs}/users?documentId=u9`, { fields: { n: { integerValue: '2' } } }))
        .status,
    ).toBe(200);
    expect((await rest('DELETE', `${docs}/users/u9`)).json.error.message).toBe(
      'No matching allow statements',
    );
    expect((await rest('DELETE', `${docs}/users/u9`, undefined, 'owner')).status).toBe(200);
    expect((await rest('PATCH', `${docs}/users/u1`, { fields: {} }, 'owner')).status).toBe(200);
  });

  it('firebase-admin (gRPC, owner) reads and writes whatever the rules say', async () => {
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emu.port}`;
    const app = initializeAdminApp({ projectId: PROJECT }, `admin-${Date.now()}`);
    const db = getAdminFirestore(app);
    try {
      await db.doc('users/admin-made').set({ n: 0 });
      expect((await db.doc('users/admin-made').get()).data()).toEqual({ n: 0 });
      expect((await db.collection('users').get()).size).toBeGreaterThan(0);
    } finally {
      await db.terminate();
      await deleteAdminApp(app);
    }
  });
});

describe('PUT securityRules and reloads', () => {
  const put = (project: string, content: string) =>
    rest('PUT', `${base}/emulator/v1/projects/${project}:securityRules`, {
      rules: { files: [{ name: 'firestore.rules', content }] },
    });

  it('a compile error answers 400 with line and column and keeps the rules in force', async () => {
    const answer = await put(
      PROJECT,
      "rules_version = '2';\nservice cloud.firestore {\n  match /x {\n    allow read: iff true;\n  }\n}",
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error.status).toBe('INVALID_ARGUMENT');
    expect(answer.json.error.message).toMatch(/^Error compiling rules:\nL4:\d+ /);
    expect((await rest('GET', `${docs}/users/u1`)).status).toBe(403);
  });

  it("replaces one project's rules ({}), leaving other projects on the file", async () => {
    const other = `demo-rules-other`;
    expect(await put(other, rulesSource('true'))).toEqual({ status: 200, json: {} });
    const otherDocs = docs.replace(PROJECT, other);
    expect((await rest('GET', `${otherDocs}/users/u1`)).status).toBe(404);
    expect((await rest('GET', `${docs}/users/u1`)).status).toBe(403);
  });

  it('reloads the file when it changes; a version that does not compile is ignored', async () => {
    const project = 'demo-rules-reload';
    const url = `${base}/v1/projects/${project}/databases/(default)/documents/users/u1`;
    expect((await rest('GET', url)).status).toBe(403);
    fs.writeFileSync(rulesFile, rulesSource('true'));
    const deadline = Date.now() + 5000;
    while ((await rest('GET', url)).status !== 404 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect((await rest('GET', url)).status).toBe(404);
    fs.writeFileSync(rulesFile, "rules_version = '2'; service cloud.firestore { match");
    await new Promise((r) => setTimeout(r, 400));
    expect((await rest('GET', url)).status).toBe(404);
    fs.writeFileSync(rulesFile, rulesSource('request.auth != null && request.auth.uid == uid'));
    while ((await rest('GET', url)).status !== 403 && Date.now() < deadline + 5000)
      await new Promise((r) => setTimeout(r, 50));
    expect((await rest('GET', url)).status).toBe(403);
  });
});

describe('the web SDK (gRPC under Node) under the rules', () => {
  it("a listener on another user's document gets permission-denied; its own works; writes are decided", async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, `web-${Date.now()}`);
    const db = web.initializeFirestore(app, {});
    web.connectFirestoreEmulator(db, '127.0.0.1', emu.port, {
      mockUserToken: { sub: 'alice', user_id: 'alice' },
    });
    const within = <T>(p: Promise<T>) =>
      Promise.race([
        p,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), 8000)),
      ]);
    try {
      const denied = new Promise<string>((resolve) => {
        web.onSnapshot(
          web.doc(db, 'users/bob'),
          () => resolve('snapshot'),
          (e) => resolve((e as { code: string }).code),
        );
      });
      expect(await within(denied)).toBe('permission-denied');
      const own = new Promise<boolean>((resolve, reject) => {
        const stop = web.onSnapshot(
          web.doc(db, 'users/alice'),
          (s) => (stop(), resolve(s.exists())),
          reject,
        );
      });
      expect(await within(own)).toBe(false);
      await expect(within(web.setDoc(web.doc(db, 'users/alice'), { n: 1 }))).rejects.toMatchObject({
        code: 'permission-denied',
      });
      await within(web.setDoc(web.doc(db, 'users/alice'), { n: 2 }));
    } finally {
      await web.terminate(db);
      await deleteApp(app);
    }
  });
});

describe('a part that fails to load stops the emulator', () => {
  const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

  it('rules that do not compile: exit 1 naming the file, line and column, before the port opens', () => {
    const broken = path.join(dir, 'broken.rules');
    fs.writeFileSync(
      broken,
      "rules_version = '2';\nservice cloud.firestore {\n  match /x {\n    allow read: iff true;\n  }\n}\n",
    );
    const run = spawnSync(tsx, [cli, '--port', '0', '--rules', broken], {
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('cannot start: the rules file does not compile');
    expect(run.stderr).toContain(`${broken}:4:`);
    expect(run.stdout).not.toContain('ready');
  });

  it('a missing rules file: exit 1 with the reason', () => {
    const run = spawnSync(tsx, [cli, '--port', '0', '--rules', path.join(dir, 'missing.rules')], {
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/cannot read the rules file .*missing\.rules/);
  });
});
