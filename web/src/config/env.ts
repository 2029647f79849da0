/**
 * The app's environment, read and checked in one place. Vite exposes `VITE_*` variables on
 * `import.meta.env` at build time; everything else in the app imports `env` from here. One more,
 * `VITE_SITE_URL`, is read by the build alone (`web/build/site-url.ts`).
 */
export interface Env {
  /** Prefix of every API call; '' means the same origin, where Hosting rewrites `/api/**`. */
  API_BASE_URL: string;
  /** Firebase web config (used once the map and login arrive). Defaults suit the emulators. */
  FIREBASE_API_KEY: string;
  FIREBASE_AUTH_DOMAIN: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_APP_ID: string;
  /** Where the SDKs find the local emulators when `USE_EMULATORS` is true. */
  AUTH_EMULATOR_URL: string;
  FIRESTORE_EMULATOR_HOST: string;
  /**
   * The parish's bank and contact details shown in the "how to donate" popup
   * (`parish-variables.ts`). No defaults: an unset one reads "ask the parish" on screen.
   */
  PARISH_BANK_HOLDER?: string;
  PARISH_BANK_NAME?: string;
  PARISH_IBAN?: string;
  PARISH_BIC?: string;
  PARISH_CONTACT_EMAIL?: string;
  PARISH_CONTACT_PHONE?: string;
  /** `true` connects the Firebase SDKs to the local emulators (docs/local-stack.md). */
  USE_EMULATORS: boolean;
}

const DEFAULTS = {
  FIREBASE_API_KEY: 'demo-api-key',
  FIREBASE_AUTH_DOMAIN: 'demo-parroquia.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'demo-parroquia',
  FIREBASE_APP_ID: '1:000000000000:web:demo',
  AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
} as const;

const PARISH = [
  'PARISH_BANK_HOLDER',
  'PARISH_BANK_NAME',
  'PARISH_IBAN',
  'PARISH_BIC',
  'PARISH_CONTACT_EMAIL',
  'PARISH_CONTACT_PHONE',
] as const;

/**
 * Picks the `VITE_`-prefixed variables and checks them; throws a readable error naming every
 * value it cannot use. Plain code, not a schema library: every page runs it first thing.
 */
export function parseEnv(source: Record<string, unknown>): Env {
  const given = (name: string): string | undefined => {
    const value = source[`VITE_${name}`];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const problems: string[] = [];

  const apiBaseUrl = given('API_BASE_URL') ?? '';
  if (apiBaseUrl !== '' && !URL.canParse(apiBaseUrl)) {
    problems.push('API_BASE_URL: must be empty or an absolute URL');
  }
  const useEmulators = given('USE_EMULATORS') ?? 'false';
  if (useEmulators !== 'true' && useEmulators !== 'false') {
    problems.push(`USE_EMULATORS: must be "true" or "false", not "${useEmulators}"`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment variables:\n${problems.map((p) => `✖ ${p}`).join('\n')}`);
  }

  const env: Env = {
    API_BASE_URL: apiBaseUrl.replace(/\/+$/, ''),
    ...DEFAULTS,
    USE_EMULATORS: useEmulators === 'true',
  };
  for (const name of Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>) {
    env[name] = given(name) ?? DEFAULTS[name];
  }
  for (const name of PARISH) env[name] = given(name);
  return env;
}

export const env: Env = parseEnv(import.meta.env);
