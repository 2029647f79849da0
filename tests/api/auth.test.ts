import { describe, expect, inject, it } from 'vitest';
import { DEMO, idTokenOf } from '../support/clients.ts';

const siteUrl = inject('siteUrl');

describe('ID-token middleware on a donor route', () => {
  it('answers 401 with a JSON error without a token', async () => {
    const response = await fetch(`${siteUrl}/api/users/whoami/`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: string };
    expect(typeof body.error).toBe('string');
    expect(body.error.length).toBeGreaterThan(0);
  });

  it('answers 401 for a token that is not a Firebase ID token', async () => {
    const response = await fetch(`${siteUrl}/api/users/whoami/`, {
      headers: { Authorization: 'Bearer not-a-token' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toHaveProperty('error');
  });

  it("answers the signed-in donor's own profile with a real Auth emulator token", async () => {
    const token = await idTokenOf(inject('authHost'), DEMO.ana);
    const response = await fetch(`${siteUrl}/api/users/whoami/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const profile = (await response.json()) as Record<string, unknown>;
    expect(profile).toMatchObject({
      name: 'Ana García',
      email: 'ana@parroquia.test',
      personal_code: 'ANA7K3QZ',
      accepted_privacy_policy: true,
    });
  });

  it('answers 404 with a JSON error for an unknown API route', async () => {
    const response = await fetch(`${siteUrl}/api/no-such-route/`);
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('error');
  });
});
