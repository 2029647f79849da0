/**
 * Issue 19 item 4 (and item 1's reset link): e-mail through a real mail path. The functions
 * write `mail` documents (the "Trigger Email" extension's shape); the local relay
 * (`emulators/mail`) delivers them, and the Auth emulator's verification links, by SMTP to
 * MailDev, whose inbox is read here as a person would (its API and its web page).
 * Receipt after a card payment, in the donor's language; reminders 7 days and 1 day before a
 * reservation lapses, once each however often the sweep runs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { Timestamp } from 'firebase-admin/firestore';
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import {
  startMailCatcher,
  startMailRelay,
  type MailCatcher,
  type MailRelay,
} from '@parroquia/mail-emulator';
import { freePorts } from '@parroquia/testkit/ports';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { firebaseAddressProofs } from '../../functions/src/adapters/firebase-address-proofs.ts';
import { mailReservationReminders } from '../../functions/src/adapters/reservation-reminders.ts';
import { DEMO } from '../support/clients.ts';
import { adminAuth } from '../support/staff.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  screenshotAtBothSizes,
  setCell,
  signInOnLoginPage,
} from './support.ts';

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: Array<{ address: string }>;
  from: Array<{ address: string; name: string }>;
}

let catcher: MailCatcher;
let relay: MailRelay;
let app: App;
let webPort: number;

test.beforeAll(async () => {
  const [smtp, web] = (await freePorts(2)) as [number, number];
  webPort = web;
  catcher = await startMailCatcher({ smtp, web });
  const { auth, hosting } = await suiteStackPorts();
  process.env.FIRESTORE_EMULATOR_HOST = process.env.TEST_FIRESTORE_HOST;
  process.env.SITE_URL = `http://localhost:${hosting}`;
  // As the stack's functions have it (testkit/src/local-stack/start.ts), for the sweep run here.
  process.env.MAIL_FROM_ADDRESS = 'no-reply@parroquia.test';
  app = initializeApp({ projectId: 'demo-parroquia' }, `mail-relay-${Date.now()}`);
  relay = startMailRelay({
    firestore: getFirestore(app),
    authUrl: `http://127.0.0.1:${auth}`,
    projectId: 'demo-parroquia',
    smtpPort: smtp,
    intervalMs: 500,
  });
});

test.afterAll(async () => {
  await relay?.stop();
  if (app) await deleteApp(app);
  await catcher?.stop();
});

async function inbox(): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${webPort}/api/email`);
  return (await response.json()) as CaughtMail[];
}

async function mailsTo(address: string, subject: RegExp): Promise<CaughtMail[]> {
  await relay.deliver();
  return (await inbox()).filter(
    (mail) => mail.to.some((to) => to.address === address) && subject.test(mail.subject),
  );
}

/**
 * The caught mail opened in the catcher's inbox, then its message alone at both sizes, as the
 * donor's mail app shows it.
 */
async function lookAtInbox(
  page: Page,
  testInfo: Parameters<typeof screenshotAtBothSizes>[1],
  mail: CaughtMail,
  name: string,
) {
  await page.goto(`http://localhost:${webPort}/`);
  await page.getByText(mail.subject).first().click();
  // The message itself, shown in its own frame beside the list.
  await expect(page.locator('iframe').first()).toBeVisible();
  await page.goto(`http://localhost:${webPort}/email/${mail.id}/html`);
  await screenshotAtBothSizes(page, testInfo, name);
}

const plot = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);

test('a card payment sends the donor a receipt in their language, once', async ({
  page,
}, testInfo) => {
  await freeCell('J20');
  await firestore().collection('users').doc(DEMO.ana.uid).update({ language: 'en' });
  try {
    await page.goto('/donativos?lng=en');
    await signInOnLoginPage(page, DEMO.ana);
    await expect(page).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
    await expect(plot(page, 'J20')).toBeAttached({ timeout: 15_000 });
    await plot(page, 'J20').click();
    await page.getByTestId('buy').click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await page.locator('#card').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pa/ }).click();
    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 15_000 });
    const sessionId = new URL(page.url()).searchParams.get('session_id')!;

    await expect
      .poll(
        async () =>
          (await mailsTo(DEMO.ana.email, /^Receipt for your donation/)).filter((m) =>
            m.text.includes('J20'),
          ).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const receipt = (await mailsTo(DEMO.ana.email, /^Receipt/)).find((m) =>
      m.text.includes('J20'),
    )!;
    expect(receipt.text).toContain('Plots: J20');
    // From the parish, named in her language.
    expect(receipt.from).toEqual([
      { address: 'no-reply@parroquia.test', name: 'Orthodox Parish of Asturias' },
    ]);
    expect(receipt.text).toMatch(/Amount: €250\.00/);
    const stored = (await firestore().collection('mail').doc(`receipt-${sessionId}`).get()).data();
    expect(stored).toMatchObject({ to: DEMO.ana.email, delivery: { state: 'SUCCESS' } });
    await lookAtInbox(page, testInfo, receipt, 'receipt-en');
  } finally {
    await freeCell('J20');
  }
});

test('the sweep reminds a reservation 7 days and 1 day before it lapses, once each', async ({
  page,
}, testInfo) => {
  const DAY = 24 * 60 * 60 * 1000;
  const uid = DEMO.ion.uid;
  await firestore().collection('users').doc(uid).update({ language: 'ro' });
  const end = Date.now() + 6 * DAY + 3 * 60 * 60 * 1000;
  await setCell('J22', {
    status: 'reserved',
    user: uid,
    donor_display: 'Ion',
    reserved_until: Timestamp.fromMillis(end),
  });
  try {
    // Ion's address is verified (the demo accounts are), so reminders go to it.
    const proofs = firebaseAddressProofs(() => adminAuth(process.env.TEST_AUTH_HOST!));
    const reminders = (subject: RegExp) =>
      mailsTo(DEMO.ion.email, subject).then((all) => all.filter((m) => m.text.includes('J22')));
    // 6 days and 3 hours before: the 7-day reminder, however often the sweep runs.
    expect(await mailReservationReminders(firestore, proofs, Date.now())).toContain(
      `reminder-7d-${uid}-${end}`,
    );
    expect(await mailReservationReminders(firestore, proofs, Date.now())).toEqual([]);
    await expect.poll(async () => (await reminders(/peste 7 zile/)).length).toBe(1);
    // 20 hours before: the 1-day one, once; the 7-day one not again.
    const later = end - 20 * 60 * 60 * 1000;
    expect(await mailReservationReminders(firestore, proofs, later)).toEqual([
      `reminder-1d-${uid}-${end}`,
    ]);
    expect(await mailReservationReminders(firestore, proofs, later + 60 * 60 * 1000)).toEqual([]);
    await expect.poll(async () => (await reminders(/mâine/)).length).toBe(1);
    expect((await reminders(/peste 7 zile/)).length).toBe(1);
    // Past its end: nothing.
    expect(await mailReservationReminders(firestore, proofs, end + 1)).toEqual([]);
    const [last] = await reminders(/mâine/);
    expect(last!.text).toContain('Parcele: J22');
    expect(last!.from[0]?.name).toBe('Parohia Ortodoxă din Asturias');
    await lookAtInbox(page, testInfo, last!, 'reminder-ro');
  } finally {
    await freeCell('J22');
  }
});

test('the sign-up and password reset e-mails arrive in the inbox, and their links work', async ({
  page,
}, testInfo) => {
  const email = `olvido-${Date.now()}@parroquia.test`;
  await page.goto('/login?lng=es');
  await page.getByRole('button', { name: '¿No tienes cuenta? Crea una' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Olvido Pérez');
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill('Primera-2026');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Sign-up goes by e-mail: the parish's own, with the link that confirms the account, and no
  // other (the relay mails no copy of it).
  const SIGN_UP_SUBJECT = /^Confirma tu correo · Parroquia Ortodoxa de Asturias$/;
  await expect.poll(async () => (await mailsTo(email, SIGN_UP_SUBJECT)).length).toBe(1);
  const [welcome] = await mailsTo(email, SIGN_UP_SUBJECT);
  expect(welcome!.from[0]?.name).toBe('Parroquia Ortodoxa de Asturias');
  expect(welcome!.text).toContain('Olvido Pérez');
  await lookAtInbox(page, testInfo, welcome!, 'sign-up-mail');
  await page.goto(/(http\S+)/.exec(welcome!.text)![1]!);
  await expect(page.getByTestId('sign-up-confirmation')).toHaveText(
    'Tu correo está confirmado y tu cuenta, lista. Entra con tu correo y tu contraseña.',
  );
  await expect(page).toHaveURL(/\/login\?lng=es$/);
  // Two more passes of the relay: still only the parish's e-mail reached the inbox.
  await relay.deliver();
  await relay.deliver();
  expect((await inbox()).filter((mail) => mail.to.some((to) => to.address === email))).toHaveLength(
    1,
  );

  await page.goto('/login?lng=es');
  await page.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
  await page.locator('input[type=email]').fill(email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  const RESET_SUBJECT = /^Restablecer tu contraseña · Parroquia Ortodoxa de Asturias$/;
  // The parish's own e-mail (issue 30), from the parish, in the page's language, with Auth's link;
  // the emulator's action page takes the new password as `newPassword` where Firebase's asks.
  await expect.poll(async () => (await mailsTo(email, RESET_SUBJECT)).length).toBe(1);
  const [mail] = await mailsTo(email, RESET_SUBJECT);
  expect(mail!.from[0]?.name).toBe('Parroquia Ortodoxa de Asturias');
  await lookAtInbox(page, testInfo, mail!, 'password-reset-mail');
  const link = /(http\S+)/.exec(mail!.text)![1]!;
  await page.goto(`${link}&newPassword=Segunda-2026`);
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill('Segunda-2026');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/post-login$/);
  // The page's own content, not the spinner shown while its code downloads.
  await expect(page.getByTestId('personal-code')).toBeVisible();
  await expectNoAxeViolations(page);
});
