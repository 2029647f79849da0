/**
 * A production build never ships the demo project: without the real Firebase web settings the
 * app would talk to `demo-parroquia`, which exists nowhere, and every sign-in and map would fail
 * for donors. So a build that is not for the local emulators stops, in one line, naming every
 * `VITE_FIREBASE_*` setting that is missing or still the demo's (docs/deploy.md).
 */
type BuildEnv = Record<string, string | undefined>;

export const FIREBASE_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const;

/** The demo project's values (web/src/config/env.ts): a build carrying one is not production's. */
function isDemoValue(name: (typeof FIREBASE_SETTINGS)[number], value: string): boolean {
  if (name === 'VITE_FIREBASE_PROJECT_ID') return value.startsWith('demo-');
  if (name === 'VITE_FIREBASE_AUTH_DOMAIN') return value.startsWith('demo-');
  if (name === 'VITE_FIREBASE_API_KEY') return value === 'demo-api-key';
  return value === '1:000000000000:web:demo';
}

/** Throws one line naming what is missing; an emulator build needs none of them. */
export function assertProductionFirebaseSettings(env: BuildEnv): void {
  if (env.VITE_USE_EMULATORS === 'true') return;
  const missing = FIREBASE_SETTINGS.filter((name) => {
    const value = env[name]?.trim();
    return !value || isDemoValue(name, value);
  });
  if (missing.length === 0) return;
  throw new Error(
    `production build without the real Firebase settings: set ${missing.join(', ')} in ` +
      'web/.env.production (the Firebase console > Project settings > Your apps; docs/deploy.md).',
  );
}

/** The check as a Vite plugin: it runs before anything is built. */
export function productionFirebaseSettings() {
  return {
    name: 'parroquia:production-firebase-settings',
    configResolved(config: { env: BuildEnv; command: string }) {
      if (config.command === 'build') assertProductionFirebaseSettings(config.env);
    },
  };
}
