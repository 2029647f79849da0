/**
 * What the web build needs to run against a local stack (web/src/config/env.ts and the build's
 * robots.txt and sitemap.xml), and the emulator origins the built app then talks to, which the
 * stack's Content-Security-Policy must allow (firebase-config.ts).
 */
import type { StackPorts } from './stack-ports.ts';

/**
 * The standard `connect*Emulator` calls read the emulator addresses at build time; the site's
 * address goes into robots.txt and sitemap.xml (web/build/crawler-files.ts).
 */
export function webBuildEnv(ports: StackPorts): Record<string, string> {
  return {
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    VITE_FIRESTORE_EMULATOR_HOST: `127.0.0.1:${ports.firestore}`,
    VITE_SITE_URL: `http://localhost:${ports.hosting}`,
  };
}

/**
 * The origins outside the site that the app built with `webBuildEnv` reaches, by CSP directive:
 * it calls the Auth and Firestore emulators, and Auth's popup sign-in frames the Auth emulator's
 * helper page (`/emulator/auth/iframe`). The Stripe double is reached by navigation only, which
 * the CSP does not govern.
 */
export function emulatorSources(ports: StackPorts): Record<string, string[]> {
  const env = webBuildEnv(ports);
  const auth = new URL(env.VITE_AUTH_EMULATOR_URL!).origin;
  const firestore = `http://${env.VITE_FIRESTORE_EMULATOR_HOST!}`;
  return { 'connect-src': [auth, firestore], 'frame-src': [auth] };
}
