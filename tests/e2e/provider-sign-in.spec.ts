/**
 * Issue 8 item 1: signing in with Google, Facebook and Apple through the Auth emulator's provider
 * widget (the popup that stands in for each provider locally), consenting on /post-login, and
 * the profile showing the e-mail, or "Connected with ..." for an account without one.
 *
 * The widget's "Add new account" form insists on an e-mail, so the accounts without one are
 * created at the "provider" first (the emulator's signInWithIdp with claims that carry no
 * e-mail, as Facebook and Apple may answer) and then picked from the widget's list of existing
 * accounts, which signs in with exactly those claims.
 *
 * Skipped for now, and why is in each name: the SDK's signInWithPopup talks to the popup
 * through an iframe it builds with Google's gapi loader, fetched from apis.google.com even
 * against the emulators. Offline that script never loads, no popup opens, and the donor only
 * sees a network-error toast. Unskip once the web app signs in without it locally.
 */
import { expect, test, type Page } from '@playwright/test';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { firestore } from './support.ts';

const OFFLINE_GAPI =
  'skipped: signInWithPopup needs apis.google.com/js/api.js, unreachable offline';

type ProviderId = 'google.com' | 'facebook.com' | 'apple.com';

/** Opens the provider's popup from /login and hands it over once its widget has loaded. */
async function openProviderPopup(page: Page, buttonName: string): Promise<Page> {
  await page.goto('/?lng=es');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  const popupOpened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: buttonName }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  return popup;
}

/** Accepts the privacy policy on /post-login, where every new account lands first. */
async function consent(page: Page) {
  await expect(page).toHaveURL(/\/post-login$/);
  await page.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Política de privacidad aceptada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function openProfile(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Mi perfil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * An account at the provider that shares no e-mail: signed in once through the emulator's REST
 * API, so the widget lists it. Returns its Firebase uid.
 */
async function providerAccountWithoutEmail(providerId: ProviderId, name: string) {
  const { auth } = await suiteStackPorts();
  const claims = { sub: `${Date.now()}${Math.floor(Math.random() * 1e6)}`, name };
  const response = await fetch(
    `http://127.0.0.1:${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${providerId}`,
        returnSecureToken: true,
      }),
    },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { localId: string; email?: string };
  expect(body.email ?? null).toBeNull();
  return body.localId;
}

test.skip(`Google: a new account from the widget signs in, consents, and shows its e-mail (${OFFLINE_GAPI})`, async ({
  page,
}) => {
  const popup = await openProviderPopup(page, 'Continuar con Google');
  await popup.locator('#add-account-button').click();
  await popup.locator('#autogen-button').click();
  const email = await popup.locator('#email-input').inputValue();
  const name = await popup.locator('#display-name-input').inputValue();
  expect(email).toMatch(/@example\.com$/);
  await popup.getByRole('button', { name: /Sign in with Google/ }).click();

  await consent(page);
  const dialog = await openProfile(page);
  await expect(dialog.getByTestId('profile-email')).toHaveValue(email);
  await expect(dialog.getByLabel('Nombre')).toHaveValue(name);
  await expect(dialog.getByTestId('profile-code')).toHaveValue(/^[A-Z0-9]{8}$/);

  const stored = await firestore().collection('users').where('email', '==', email).get();
  expect(stored.size).toBe(1);
  expect(stored.docs[0]!.data()).toMatchObject({ name, accepted_privacy_policy: true });
});

for (const { providerId, button, label, prefix } of [
  {
    providerId: 'facebook.com',
    button: 'Continuar con Facebook',
    label: 'Conectado con Facebook',
    prefix: 'facebook_',
  },
  {
    providerId: 'apple.com',
    button: 'Continuar con Apple',
    label: 'Conectado con Apple',
    prefix: 'apple_',
  },
] as const) {
  test.skip(`${label}: an account without e-mail is stored with the placeholder and says so (${OFFLINE_GAPI})`, async ({
    page,
  }) => {
    const name = `Donante sin correo ${prefix}${Date.now()}`;
    const uid = await providerAccountWithoutEmail(providerId, name);

    const popup = await openProviderPopup(page, button);
    await popup.locator('.js-reuse-account', { hasText: name }).click();

    await consent(page);
    const dialog = await openProfile(page);
    await expect(dialog.getByTestId('profile-email')).toHaveValue(label);
    await expect(dialog.getByLabel('Nombre')).toHaveValue(name);

    const stored = (await firestore().collection('users').doc(uid).get()).data();
    expect(stored).toMatchObject({
      email: `${prefix}${uid}@sin-correo.invalid`,
      name,
      accepted_privacy_policy: true,
    });
  });
}
