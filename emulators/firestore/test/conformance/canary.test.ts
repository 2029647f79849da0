import { describe, expect, it } from 'vitest';
import { adminDriver } from './drivers/admin.ts';
import { clearProject, emulatorUrl, newProjectId } from './support/env.ts';

describe('emulator canary', () => {
  it('answers GET / with 200 Ok', async () => {
    const res = await fetch(`${emulatorUrl()}/`);
    expect(res.status).toBe(200);
    expect((await res.text()).trim()).toBe('Ok');
  });

  it('DELETE /emulator/v1/projects/{p}/databases/(default)/documents clears only that project', async () => {
    const d = adminDriver();
    await d.setup();
    const p1 = newProjectId('canary');
    const p2 = newProjectId('canary');
    const a = await d.client(p1);
    const b = await d.client(p2);
    try {
      await a.set('c/x', { v: 1 });
      await a.set('c/x/sub/y', { v: 2 });
      await b.set('c/x', { v: 3 });
      await clearProject(p1);
      expect((await a.get('c/x')).exists).toBe(false);
      expect((await a.get('c/x/sub/y')).exists).toBe(false);
      expect((await b.get('c/x')).data).toEqual({ v: 3 });
    } finally {
      await a.close();
      await b.close();
      await clearProject(p2);
    }
  });
});
