import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

describe('parseEnv', () => {
  it('defaults to the same origin and the demo project', () => {
    const env = parseEnv({ MODE: 'production', VITE_API_BASE_URL: '' });
    expect(env.API_BASE_URL).toBe('');
    expect(env.FIREBASE_PROJECT_ID).toBe('demo-parroquia');
    expect(env.USE_EMULATORS).toBe(false);
  });

  it('reads VITE_ variables and trims the API URL', () => {
    const env = parseEnv({
      VITE_API_BASE_URL: 'https://example.org/',
      VITE_FIREBASE_PROJECT_ID: 'parroquia-prod',
      VITE_USE_EMULATORS: 'true',
    });
    expect(env).toMatchObject({
      API_BASE_URL: 'https://example.org',
      FIREBASE_PROJECT_ID: 'parroquia-prod',
      USE_EMULATORS: true,
    });
  });

  it('refuses values it cannot use, naming them', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 'not a url' })).toThrow(/API_BASE_URL/);
    expect(() => parseEnv({ VITE_USE_EMULATORS: 'yes' })).toThrow(/USE_EMULATORS/);
  });
});
