/** Helpers for the staff suites: admin Auth on the test stack, extra accounts, plots, calls. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { PROJECT_ID } from '@parroquia/testkit/local-stack';
import { idTokenOf } from './clients.ts';

export function adminAuth(authHost: string): Auth {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return getAuth(app);
}

/** A new account in the Auth emulator (optionally staff), signed in: its uid and ID token. */
export async function newAccount(
  authHost: string,
  options: { staff?: boolean; email?: string; emailVerified?: boolean } = {},
): Promise<{ uid: string; email: string; token: string }> {
  const email = options.email ?? `${uniqueName('account')}@parroquia.test`;
  const password = 'Prueba-2026';
  const user = await adminAuth(authHost).createUser({
    email,
    password,
    emailVerified: options.emailVerified ?? false,
  });
  if (options.staff) await adminAuth(authHost).setCustomUserClaims(user.uid, { staff: true });
  return { uid: user.uid, email, token: await idTokenOf(authHost, { email, password }) };
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Plots no other suite uses (columns Q, R, S, V, X, rows 21..39), handed out once each so that
 * the tests of a file never share one; `returnPlots` (`plots.ts`) gives them back as never given,
 * and each file starts from the first again (`support/each-file.ts`).
 */
const PLOT_POOL = [...'QRSVX'].flatMap((x) =>
  Array.from({ length: 19 }, (_, i) => `${x}${i + 21}`),
);
let nextPlot = 0;
/** Called before each test file: the files run one after another and return what they took. */
export function startPlotPoolAgain(): void {
  nextPlot = 0;
}

export function freshPlots(count: number): string[] {
  const plots = PLOT_POOL.slice(nextPlot, nextPlot + count);
  if (plots.length < count) throw new Error('the staff suites ran out of plots');
  nextPlot += count;
  return plots;
}

/** A fresh `unassigned` certificate code, as generate-json-codes makes them. */
export async function storedCode(db: Firestore): Promise<string> {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  const code = Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * 30)]).join('');
  await db.collection('certificate_codes').doc(code).create({
    status: 'unassigned',
    created_at: Timestamp.now(),
    created_by: 'staff-demo',
  });
  return code;
}

export function postJson(url: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The API at `siteUrl` as someone signed in (`token()`, read at each call), in a language. */
export function apiAs(siteUrl: string, token: () => string) {
  const headers = (as: string, language: string) => ({
    Authorization: `Bearer ${as}`,
    'Accept-Language': language,
  });
  // Arrow functions: the tests destructure `post` and `get`.
  return {
    post: (path: string, body: unknown, as = token(), language = 'es') =>
      fetch(`${siteUrl}${path}`, {
        method: 'POST',
        headers: { ...headers(as, language), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    get: (path: string, as = token(), language = 'es') =>
      fetch(`${siteUrl}${path}`, { headers: headers(as, language) }),
  };
}

/** Plots of the staff pool a test file takes (`take`), to give back after it (`touched`, with `returnPlots`). */
export function poolPlots() {
  const touched: string[] = [];
  return {
    touched,
    take(count: number): string[] {
      const codes = freshPlots(count);
      touched.push(...codes);
      return codes;
    },
  };
}
