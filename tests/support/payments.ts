/** Helpers for the payment suites: donors, API calls, the hosted page, cells as stored. */
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import {
  readCellDocument,
  writeCellDocument,
  availableCell,
  parsePlotCode,
  type Cell,
  type CellWithId,
} from '@parroquia/domain';
import { localSecrets } from '@parroquia/testkit/local-stack';
import { verifyEmail } from './accounts.ts';

export const SECRETS = localSecrets();

export function stripeClient(stripeUrl: string): Stripe {
  const url = new URL(stripeUrl);
  return new Stripe(SECRETS.STRIPE_SECRET_KEY!, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
  });
}

export interface Donor {
  uid: string;
  token: string;
  name: string;
}

/**
 * A new account in the Auth emulator and its profile, privacy policy accepted and address
 * verified unless told (only a verified address gets staff registrations and e-mails).
 */
export async function newDonor(
  authHost: string,
  db: Firestore,
  name: string,
  options: { acceptedPrivacyPolicy?: boolean; anonymous?: boolean; verified?: boolean } = {},
): Promise<Donor & { email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@donantes.test`;
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Donante-2026', returnSecureToken: true }),
    },
  );
  const account = (await response.json()) as { idToken: string; localId: string };
  if (options.verified ?? true) await verifyEmail(authHost, account.localId);
  const code = randomBytes(4).toString('hex').toUpperCase();
  await db
    .collection('users')
    .doc(account.localId)
    .set({
      name,
      email,
      personal_code: code,
      is_anonymous_donor: options.anonymous ?? false,
      accepted_privacy_policy: options.acceptedPrivacyPolicy ?? true,
      is_staff: false,
      sub: account.localId,
      created_at: FieldValue.serverTimestamp(),
    });
  return { uid: account.localId, token: account.idToken, name, email };
}

export type Kind = 'buy' | 'reserve' | 'complete';
const PATHS: Record<Kind, string> = {
  buy: '/api/payments/stripe-multiple/',
  reserve: '/api/payments/stripe-reservation-multiple/',
  complete: '/api/payments/stripe-complete-reservation-multiple/',
};

export async function startPayment(
  siteUrl: string,
  donor: Donor,
  kind: Kind,
  /** Plot codes; anything else to see the API refuse it. */
  codes: unknown,
  /** The interface language the app sends (`idioma`); none when absent. */
  idioma?: unknown,
) {
  const celdas = Array.isArray(codes)
    ? codes.map((code) => (typeof code === 'string' ? parsePlotCode(code) : code))
    : codes;
  const response = await fetch(`${siteUrl}${PATHS[kind]}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${donor.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ celdas, idioma }),
  });
  const text = await response.text();
  type Answer = { sessionId?: string; url?: string; error?: string };
  let body: Answer;
  try {
    body = JSON.parse(text) as Answer;
  } catch {
    // Not the API's JSON (a proxy's error page): keep it for the assertion message.
    body = { error: `non-JSON answer: ${text.slice(0, 200)}` };
  }
  return { status: response.status, body };
}

/** Submits the hosted page's form as a browser does. */
export function submitHostedPage(url: string, card: string, action: 'pay' | 'cancel' = 'pay') {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ card, action }),
    redirect: 'manual',
  });
}

export async function readCells(db: Firestore, codes: string[]): Promise<CellWithId[]> {
  const snapshots = await db.getAll(...codes.map((code) => db.collection('cells').doc(code)));
  return snapshots.map((snapshot) => {
    const reading = readCellDocument(snapshot.id, snapshot.data() ?? {});
    if (!reading.ok) throw new Error(`${snapshot.id}: ${reading.problem}`);
    return reading.cell;
  });
}

export async function writeCell(db: Firestore, cell: Cell) {
  const code = `${cell.x}${cell.y}`;
  await db
    .collection('cells')
    .doc(code)
    .set(
      writeCellDocument(cell, {
        instant: (ms) => Timestamp.fromMillis(ms),
        serverTime: () => FieldValue.serverTimestamp(),
      }),
    );
}

export async function resetCells(db: Firestore, codes: string[]) {
  for (const code of codes) await writeCell(db, availableCell(parsePlotCode(code)));
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** A Stripe event signed with the endpoint's secret, exactly as the double (and Stripe) sign. */
export function signedEvent(
  stripe: Stripe,
  event: object,
  secret = SECRETS.STRIPE_WEBHOOK_SECRET!,
) {
  const payload = JSON.stringify(event);
  return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

export function postWebhook(siteUrl: string, payload: string, signature?: string) {
  return fetch(`${siteUrl}/api/payments/webhook/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature ? { 'Stripe-Signature': signature } : {}),
    },
    body: payload,
  });
}

/**
 * The Functions emulator runs one request per worker process and starts a new process for each
 * request that finds no idle one. Before a race of `count` concurrent requests, this has `count`
 * workers started (a cheap 405 of the same function), so the race measures our transactions
 * rather than `count` cold starts on two cores. Production serves concurrent requests per
 * instance and needs nothing like it.
 */
export async function startFunctionWorkers(siteUrl: string, count: number): Promise<void> {
  for (let round = 0; round < 3; round++) {
    const statuses = await Promise.all(
      Array.from({ length: count }, () =>
        fetch(`${siteUrl}/api/payments/webhook/`).then(
          (answer) => answer.status,
          () => 0,
        ),
      ),
    );
    if (statuses.every((status) => status === 405)) return;
  }
}
