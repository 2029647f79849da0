/**
 * The app's environment, read and checked in one place. Vite exposes `VITE_*` variables on
 * `import.meta.env` at build time; everything else in the app imports `env` from here. One more,
 * `VITE_SITE_URL`, is read by the build alone (`web/build/site-url.ts`).
 */
// zod/mini: the same checks as zod in a fraction of the bundle.
import * as z from 'zod/mini';

const text = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);

const EnvSchema = z.object({
  /** Prefix of every API call; '' means the same origin, where Hosting rewrites `/api/**`. */
  API_BASE_URL: z.pipe(
    z._default(
      z
        .string()
        .check(
          z.refine(
            (value) => value === '' || URL.canParse(value),
            'must be empty or an absolute URL',
          ),
        ),
      '',
    ),
    z.transform((value: string) => value.replace(/\/+$/, '')),
  ),
  /** Firebase web config (used once the map and login arrive). Defaults suit the emulators. */
  FIREBASE_API_KEY: text('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: text('demo-parroquia.firebaseapp.com'),
  FIREBASE_PROJECT_ID: text('demo-parroquia'),
  FIREBASE_APP_ID: text('1:000000000000:web:demo'),
  /** Where the SDKs find the local emulators when `USE_EMULATORS` is true. */
  AUTH_EMULATOR_URL: text('http://127.0.0.1:9099'),
  FIRESTORE_EMULATOR_HOST: text('127.0.0.1:8080'),
  /**
   * The parish's bank and contact details shown in the "how to donate" popup
   * (`parish-variables.ts`). No defaults: an unset one reads "ask the parish" on screen.
   */
  PARISH_BANK_HOLDER: z.optional(z.string()),
  PARISH_BANK_NAME: z.optional(z.string()),
  PARISH_IBAN: z.optional(z.string()),
  PARISH_BIC: z.optional(z.string()),
  PARISH_CONTACT_EMAIL: z.optional(z.string()),
  PARISH_CONTACT_PHONE: z.optional(z.string()),
  /** `true` connects the Firebase SDKs to the local emulators (docs/local-stack.md). */
  USE_EMULATORS: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value: 'true' | 'false') => value === 'true'),
  ),
});

export type Env = z.output<typeof EnvSchema>;

/** Picks the `VITE_`-prefixed variables and checks them; throws a readable error if invalid. */
export function parseEnv(source: Record<string, unknown>): Env {
  const unprefixed = Object.fromEntries(
    Object.entries(source)
      .filter(([key, value]) => key.startsWith('VITE_') && value !== '' && value !== undefined)
      .map(([key, value]) => [key.slice('VITE_'.length), value]),
  );
  const parsed = EnvSchema.safeParse(unprefixed);
  if (!parsed.success) {
    throw new Error(`Invalid environment variables:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

export const env: Env = parseEnv(import.meta.env);
