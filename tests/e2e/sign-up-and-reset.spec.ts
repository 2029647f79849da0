/**
 * Issue 19 item 1: e-mail sign-up asks the donor's name (the profile's rules, refused under the
 * field in the visitor's language, creating nothing), so the new donor is never "Usuario sin
 * nombre"; "forgot password" asks the API, which mails the parish's reset e-mail (issue 30) in
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

    // With the name: the donor record has it from the first sync on.
    await nameField.fill(`  ${name} `);
    // The verification e-mail is asked for in the page's language (Firebase writes it in it).
    const verificationAsked = page.waitForRequest((request) =>
      request.url().includes('accounts:sendOobCode'),
    );
    await page.getByRole('button', { name: text.create }).click();
    expect((await verificationAsked).headers()['x-firebase-locale']).toBe(language);
    await expect(page).toHaveURL(/\/post-login$/);
    await expect
      .poll(async () => {
        const found = await firestore().collection('users').where('email', '==', email).get();
        return found.docs[0]?.data().name;
      })
      .toBe(name);

    // Nothing is mailed to the address until it is proven (docs/product.md): the proving link
    // went out at sign-up, in her language, and the page says so; opening it proves it.
    const notice = page.getByRole('region', { name: text.verifyTitle });
    await expect(notice).toContainText(email);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `post-login-unverified-${language}`, () =>
      expect(notice).toBeVisible(),
    );
    await expect.poll(async () => (await linksFor(email, 'VERIFY_EMAIL')).length).toBe(1);
    const [verifyLink] = await linksFor(email, 'VERIFY_EMAIL');
    await (await fetch(verifyLink!, { redirect: 'manual' })).arrayBuffer();
    const proven = await adminAuth(process.env.TEST_AUTH_HOST!).getUserByEmail(email);
    expect(proven.emailVerified).toBe(true);

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
