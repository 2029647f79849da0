/**
 * Issue 19 item 1: e-mail sign-up asks the donor's name (the profile's rules, refused under the
 * field in the visitor's language, creating nothing), so the new donor is never "Usuario sin
 * nombre". Issue 30: sign-up asks the API, which mails the address the link that finishes the
 * account (or, when it has one already, says so to its owner) and the page says the same either
 * way; the donor opens the link, then logs in. "Forgot password" asks the API, which mails the parish's reset e-mail (issue 30) in
 * the page's language, whose link (Firebase Auth's, made by the Admin SDK) sets a new password and
 * comes back to /login.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { adminAuth } from '../support/staff.ts';
import {
  expectNoAxeViolations,
  firestore,
  LANGUAGES,
  screenshotAtBothSizes,
  type Language,
} from './support.ts';

const TEXT: Record<
  Language,
  {
    noAccount: string;
    signUpTitle: string;
    create: string;
    name: string;
    empty: string;
    forgot: string;
    send: string;
    sent: RegExp;
    submit: string;
    verifyTitle: string;
    signUpSent: RegExp;
    resend: string;
    wrongCredentials: string;
    confirmed: string;
  }
> = {
  es: {
    noAccount: '¿No tienes cuenta? Crea una',
    signUpTitle: 'Crear una cuenta',
    create: 'Crear cuenta',
    name: 'Nombre',
    empty: 'El nombre no puede estar vacío.',
    forgot: '¿Has olvidado tu contraseña?',
    send: 'Enviarme el enlace',
    sent: /le hemos enviado un enlace/,
    submit: 'Entrar',
    verifyTitle: 'Confirma tu correo',
    signUpSent: /Te hemos enviado un correo a .*Abre su enlace para terminar de crear tu cuenta/,
    resend: 'Enviar el enlace otra vez',
    wrongCredentials: 'El correo o la contraseña no son correctos.',
    confirmed: 'Tu correo está confirmado y tu cuenta, lista. Entra con tu correo y tu contraseña.',
  },
  en: {
    noAccount: 'No account yet? Create one',
    signUpTitle: 'Create an account',
    create: 'Create account',
    name: 'Name',
    empty: 'The name cannot be empty.',
    forgot: 'Forgot your password?',
    send: 'Send me the link',
    sent: /we have sent it a link/,
    submit: 'Log in',
    verifyTitle: 'Confirm your e-mail',
    signUpSent: /We have sent an e-mail to .*Open its link to finish creating your account/,
    resend: 'Send the link again',
    wrongCredentials: 'The e-mail or the password is not correct.',
    confirmed:
      'Your e-mail is confirmed and your account is ready. Log in with your e-mail and password.',
  },
  ro: {
    noAccount: 'Nu aveți cont? Creați unul',
    signUpTitle: 'Creați un cont',
    create: 'Creați contul',
    name: 'Nume',
    empty: 'Numele nu poate fi gol.',
    forgot: 'Ați uitat parola?',
    send: 'Trimiteți-mi linkul',
    sent: /i-am trimis un link/,
    submit: 'Intrați',
    verifyTitle: 'Confirmați adresa de e-mail',
    signUpSent: /V-am trimis un e-mail la .*Deschideți linkul din el pentru a termina crearea/,
    resend: 'Trimiteți din nou linkul',
    wrongCredentials: 'Adresa de e-mail sau parola nu sunt corecte.',
    confirmed:
      'Adresa de e-mail este confirmată și contul este gata. Intrați cu adresa de e-mail și parola.',
  },
};

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The links of `kind` the Auth emulator has issued for `email`, newest last. */
async function linksFor(
  email: string,
  kind: 'PASSWORD_RESET' | 'VERIFY_EMAIL' = 'PASSWORD_RESET',
): Promise<string[]> {
  const { auth } = await suiteStackPorts();
  const response = await fetch(
    `http://127.0.0.1:${auth}/emulator/v1/projects/demo-parroquia/oobCodes`,
  );
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
  return oobCodes
    .filter((code) => code.email === email && code.requestType === kind)
    .map((code) => code.oobLink);
}

/** The reset e-mails the API queued for `email` (`mail` documents): subject and link. */
async function resetMailsTo(email: string): Promise<Array<{ subject: string; link: string }>> {
  const found = await firestore().collection('mail').where('to', '==', email).get();
  return found.docs
    .filter((doc) => doc.id.startsWith('password-reset-'))
    .map((doc) => ({
      subject: doc.get('message.subject') as string,
      link: /(http\S+)/.exec(doc.get('message.text') as string)![1]!,
    }));
}

/** The sign-up e-mails the API queued for `email` (`mail` documents): kind, subject, link. */
async function signUpMailsTo(
  email: string,
): Promise<Array<{ kind: 'verify' | 'existing'; subject: string; link: string }>> {
  const found = await firestore().collection('mail').where('to', '==', email).get();
  return found.docs
    .filter((doc) => doc.id.startsWith('sign-up-'))
    .map((doc) => ({
      kind: doc.id.startsWith('sign-up-verify-') ? ('verify' as const) : ('existing' as const),
      subject: doc.get('message.subject') as string,
      link: /(http\S+)/.exec(doc.get('message.text') as string)![1]!,
    }));
}

const SIGN_UP_SUBJECT: Record<Language, string> = {
  es: 'Confirma tu correo · Parroquia Ortodoxa de Asturias',
  en: 'Confirm your e-mail · Orthodox Parish of Asturias',
  ro: 'Confirmați adresa de e-mail · Parohia Ortodoxă din Asturias',
};

/** The reset asked of the API, and the language it asked in. */
function resetRequested(page: Page) {
  return page.waitForRequest((request) => request.url().endsWith('/api/users/password-reset/'));
}

const RESET_SUBJECT: Record<Language, string> = {
  es: 'Restablecer tu contraseña · Parroquia Ortodoxa de Asturias',
  en: 'Reset your password · Orthodox Parish of Asturias',
  ro: 'Resetați parola · Parohia Ortodoxă din Asturias',
};

async function accountExists(email: string): Promise<boolean> {
  const found = await firestore().collection('users').where('email', '==', email).get();
  return !found.empty;
}

async function fillEmailAndPassword(page: Page, email: string, password: string) {
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
}

for (const language of LANGUAGES) {
  test(`in ${language}: sign-up needs the name, the donor is stored with it, and a forgotten password is reset by e-mail`, async ({
    page,
  }, testInfo) => {
    const text = TEXT[language];
    const email = `alta-${language}-${Date.now()}@parroquia.test`;
    const name = `Ioana Țăranu ${language}`;
    await page.goto(`/login?lng=${language}`);
    await page.getByRole('button', { name: text.noAccount }).click();
    // The form creates an account now, and its heading says so.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.signUpTitle);

    // No name: refused under the field, in the page's language; no account.
    await fillEmailAndPassword(page, email, 'Primera-2026');
    await page.getByRole('button', { name: text.create }).click();
    const nameField = page.getByRole('textbox', { name: text.name });
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: text.empty })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `sign-up-${language}`);
    await nameField.fill('   ');
    await page.getByRole('button', { name: text.create }).click();
    await expect(page.getByRole('alert').filter({ hasText: text.empty })).toBeVisible();
    expect(await accountExists(email)).toBe(false);

    // With the name: the API is asked, in the page's language, and the page says an e-mail went
    // out (the same words whether the address had an account or not); nothing is signed in.
    await nameField.fill(`  ${name} `);
    const signUpAsked = page.waitForRequest((request) =>
      request.url().endsWith('/api/users/sign-up/'),
    );
    await page.getByRole('button', { name: text.create }).click();
    expect((await signUpAsked).postDataJSON()).toEqual({
      email,
      password: 'Primera-2026',
      name,
      language,
    });
    const sent = page.getByRole('status').filter({ hasText: text.signUpSent });
    await expect(sent).toContainText(email, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `sign-up-sent-${language}`, () =>
      expect(sent).toBeVisible(),
    );

    // Until the link is opened, her address and password answer as a wrong password does.
    await page.goto(`/login?lng=${language}`);
    await fillEmailAndPassword(page, email, 'Primera-2026');
    await page.locator('form button[type=submit]').click();
    await expect(page.getByText(text.wrongCredentials)).toBeVisible();

    // The parish's e-mail, in her language, with the link to /login that confirms the account;
    // the page says so in her language, and she logs in; her donor record has the name.
    await expect.poll(async () => (await signUpMailsTo(email)).length).toBe(1);
    const [welcome] = await signUpMailsTo(email);
    expect(welcome).toMatchObject({ kind: 'verify', subject: SIGN_UP_SUBJECT[language] });
    expect(new URL(welcome!.link).searchParams.get('lng')).toBe(language);
    await page.goto(welcome!.link);
    await expect(page.getByTestId('sign-up-confirmation')).toHaveText(text.confirmed);
    // The code is spent and gone from the address bar.
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && !url.searchParams.has('confirm'),
    );
    await screenshotAtBothSizes(page, testInfo, `sign-up-confirmed-${language}`);
    const proven = await adminAuth(process.env.TEST_AUTH_HOST!).getUserByEmail(email);
    expect(proven.emailVerified).toBe(true);
    await page.goto(`/login?lng=${language}`);
    await fillEmailAndPassword(page, email, 'Primera-2026');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/post-login$/);
    await expect
      .poll(async () => {
        const found = await firestore().collection('users').where('email', '==', email).get();
        return found.docs[0]?.data().name;
      })
      .toBe(name);
    // Proven: /post-login asks her to confirm nothing.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: text.verifyTitle })).toHaveCount(0);

    // Forgot the password: the reset e-mail's link sets a new one and comes back to /login.
    await page.context().clearCookies();
    await page.evaluate(() => indexedDB.deleteDatabase('firebaseLocalStorageDb'));
    await page.goto(`/login?lng=${language}`);
    await page.getByRole('button', { name: text.forgot }).click();
    await page.locator('input[type=email]').fill(email);
    const resetAsked = resetRequested(page);
    await page.getByRole('button', { name: text.send }).click();
    expect((await resetAsked).postDataJSON()).toEqual({ email, language });
    await expect(page.getByRole('status').filter({ hasText: text.sent })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `password-reset-${language}`);
    // The parish's e-mail, in her language, with Auth's link (the emulator's action page sets
    // the password given in `newPassword`, as Firebase's page does with what is typed there).
    await expect.poll(async () => (await resetMailsTo(email)).length).toBe(1);
    const [mail] = await resetMailsTo(email);
    expect(mail!.subject).toBe(RESET_SUBJECT[language]);
    const reset = await fetch(`${mail!.link}&newPassword=Segunda-2026`, { redirect: 'manual' });
    expect(reset.status).toBe(303);
    expect(new URL(reset.headers.get('location')!).pathname).toBe('/login');

    await page.goto(`/login?lng=${language}`);
    await fillEmailAndPassword(page, email, 'Segunda-2026');
    await page.locator('form button[type=submit]').click();
    await expect(page).toHaveURL(/\/post-login$/);
  });
}

test('signing up with an address that has an account says the same, mails its owner and changes nothing', async ({
  page,
}) => {
  const auth = adminAuth(process.env.TEST_AUTH_HOST!);
  const email = `ya-${Date.now()}@parroquia.test`;
  const existing = await auth.createUser({
    email,
    password: 'Antigua-2026',
    displayName: 'Ana',
    emailVerified: true,
  });
  await page.goto('/login?lng=es');
  await page.getByRole('button', { name: TEXT.es.noAccount }).click();
  await page.getByRole('textbox', { name: TEXT.es.name }).fill('Otra Persona');
  await fillEmailAndPassword(page, email, 'Intrusa-2026');
  await page.getByRole('button', { name: TEXT.es.create }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXT.es.signUpSent })).toContainText(
    email,
  );
  await expect.poll(async () => (await signUpMailsTo(email)).length).toBe(1);
  const [mail] = await signUpMailsTo(email);
  expect(mail).toMatchObject({
    kind: 'existing',
    subject: 'Ya tienes una cuenta · Parroquia Ortodoxa de Asturias',
  });
  expect(new URL(mail!.link).pathname).toBe('/login');
  const after = await auth.getUser(existing.uid);
  expect(after.displayName).toBe('Ana');
  expect(after.passwordHash).toBe(existing.passwordHash);
  // Her own password still lets her in; the one typed on the form does not.
  await page.goto('/login?lng=es');
  await fillEmailAndPassword(page, email, 'Intrusa-2026');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('El correo o la contraseña no son correctos.')).toBeVisible();
  await fillEmailAndPassword(page, email, 'Antigua-2026');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/post-login$/);
});

test('an older account that never proved its address is asked to, and can have the link again', async ({
  page,
}) => {
  const email = `antigua-${Date.now()}@parroquia.test`;
  await adminAuth(process.env.TEST_AUTH_HOST!).createUser({ email, password: 'Antigua-2026' });
  await page.goto('/login?lng=es');
  await fillEmailAndPassword(page, email, 'Antigua-2026');
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/post-login$/);
  const notice = page.getByRole('region', { name: TEXT.es.verifyTitle });
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: TEXT.es.resend }).click();
  await expect.poll(async () => (await linksFor(email, 'VERIFY_EMAIL')).length).toBe(1);
  const [link] = await linksFor(email, 'VERIFY_EMAIL');
  await (await fetch(link!, { redirect: 'manual' })).arrayBuffer();
  expect((await adminAuth(process.env.TEST_AUTH_HOST!).getUserByEmail(email)).emailVerified).toBe(
    true,
  );
});

test('a reset asked for an address with no account answers the same, and sends nothing', async ({
  page,
}) => {
  const email = `nadie-${Date.now()}@parroquia.test`;
  await page.goto('/login?lng=es');
  await page.getByRole('button', { name: TEXT.es.forgot }).click();
  await page.locator('input[type=email]').fill(email);
  await page.getByRole('button', { name: TEXT.es.send }).click();
  await expect(page.getByRole('status').filter({ hasText: TEXT.es.sent })).toBeVisible();
  expect(await linksFor(email)).toEqual([]);
  expect(await resetMailsTo(email)).toEqual([]);
});

test("a browser in ro-RO asks for the reset e-mail in ro, the site's resolved language", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'ro-RO' });
  try {
    const page = await context.newPage();
    const email = `ro-RO-${Date.now()}@parroquia.test`;
    await page.goto('/login');
    await page.getByRole('button', { name: TEXT.ro.forgot }).click();
    await page.locator('input[type=email]').fill(email);
    const asked = resetRequested(page);
    await page.getByRole('button', { name: TEXT.ro.send }).click();
    expect((await asked).postDataJSON()).toEqual({ email, language: 'ro' });
    await expect(page.getByRole('status').filter({ hasText: TEXT.ro.sent })).toBeVisible();
  } finally {
    await context.close();
  }
});
