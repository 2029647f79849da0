/**
 * Issue 19 item 7 (issue 8's blocker, decided): Google, Facebook and Apple sign in with
 * Firebase's `signInWithPopup`, with no emulator-only branch in the product. Offline the popup
 * cannot load Google's script, so these journeys create the accounts at the Auth emulator with
 * its fake provider tokens and start the browser with that session (`provider-session.ts`), then
 * check what the product owes such a donor: the sync, the consent, the profile's e-mail or
 * "Connected with ...", and the certificate. Pressing a provider's button offline says that it
 * needs an internet connection and offers e-mail sign-in, in the three languages.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  LANGUAGES,
  SCREEN_SIZES,
  screenshotAtBothSizes,
  setCell,
  type Language,
} from './support.ts';
import { providerSession, startSignedIn, type ProviderId } from './provider-session.ts';

/**
 * Accepts the privacy policy on /post-login, where every new account lands first, and goes on to
 * the map it was going to.
 */
async function consent(page: Page) {
  await expect(page).toHaveURL(/\/post-login$/);
  await page.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Política de privacidad aceptada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/donativos\?lng=es$/);
}

async function openProfile(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Mi perfil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The certificate of a donor holding `plot`: a PDF, downloaded from the header. */
async function downloadsCertificate(page: Page, uid: string, plot: string, display: string) {
  await setCell(plot, { status: 'bought', user: uid, donor_display: display });
  try {
    const download = page.waitForEvent('download');
    await page.getByRole('banner').getByRole('button', { name: 'Certificado' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('certificado.pdf');
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect(page.getByText('Certificado descargado')).toBeVisible();
  } finally {
    await freeCell(plot);
  }
}

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

test('Google: the signed-in account is synced with its name and e-mail, consents, and gets its certificate', async ({
  page,
}, testInfo) => {
  const sub = unique();
  const email = `donante-google-${sub}@example.com`;
  const name = 'Mihaela Google';
  const { uid, persisted } = await providerSession('google.com', { sub, name, email });
  await startSignedIn(page, persisted);
  await page.goto('/donativos?lng=es');

  await consent(page);
  const stored = (await firestore().collection('users').doc(uid).get()).data();
  expect(stored).toMatchObject({ email, name, sub: uid, accepted_privacy_policy: true });
  const dialog = await openProfile(page);
  await expect(dialog.getByTestId('profile-email')).toHaveValue(email);
  await expect(dialog.getByLabel('Nombre')).toHaveValue(name);
  await expect(dialog.getByTestId('profile-code')).toHaveValue(stored?.personal_code as string);
  await expectNoAxeViolations(page);
  await screenshotAtBothSizes(page, testInfo, 'profile-google');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await downloadsCertificate(page, uid, 'H14', name);
});

for (const { providerId, label, prefix, plot } of [
  { providerId: 'facebook.com', label: 'Conectado con Facebook', prefix: 'facebook_', plot: 'H15' },
  { providerId: 'apple.com', label: 'Conectado con Apple', prefix: 'apple_', plot: 'H16' },
] as const satisfies ReadonlyArray<{
  providerId: ProviderId;
  label: string;
  prefix: string;
  plot: string;
}>) {
  test(`${label}: an account without e-mail is stored with the placeholder, says so, and gets its certificate`, async ({
    page,
  }, testInfo) => {
    const name = `Donante sin correo ${prefix}${Date.now()}`;
    const { uid, email, persisted } = await providerSession(providerId, { sub: unique(), name });
    expect(email).toBeNull();
    await startSignedIn(page, persisted);
    await page.goto('/donativos?lng=es');

    await consent(page);
    const dialog = await openProfile(page);
    await expect(dialog.getByTestId('profile-email')).toHaveValue(label);
    await expect(dialog.getByLabel('Nombre')).toHaveValue(name);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, `profile-${prefix.slice(0, -1)}`);
    await page.keyboard.press('Escape');

    const stored = (await firestore().collection('users').doc(uid).get()).data();
    expect(stored).toMatchObject({
      email: `${prefix}${uid}@sin-correo.invalid`,
      name,
      accepted_privacy_policy: true,
    });
    await downloadsCertificate(page, uid, plot, name);
  });
}

const OFFLINE: Record<Language, { button: string; says: string; useEmail: string }> = {
  es: {
    button: 'Continuar con Google',
    says: 'Entrar con Google necesita conexión a internet.',
    useEmail: 'Usar mi correo',
  },
  en: {
    button: 'Continue with Google',
    says: 'Logging in with Google needs an internet connection.',
    useEmail: 'Use my e-mail',
  },
  ro: {
    button: 'Continuați cu Google',
    says: 'Autentificarea cu Google are nevoie de conexiune la internet.',
    useEmail: 'Folosiți e-mailul',
  },
};

for (const language of LANGUAGES) {
  test(`in ${language}: a provider's popup that cannot load offline says it needs internet and offers e-mail`, async ({
    page,
  }, testInfo) => {
    const text = OFFLINE[language];
    // What this machine is anyway; said here so the test means the same on a connected one.
    await page.route('https://apis.google.com/**', (route) => route.abort('internetdisconnected'));
    const failure = page.getByTestId('sign-in-failure').filter({ hasText: text.says });
    // Each size from the start, as a phone or a desktop would show it.
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/login?lng=${language}`);
      await page.getByRole('button', { name: text.button }).click();
      await expect(failure).toBeVisible({ timeout: 30_000 });
      const path = testInfo.outputPath(`provider-offline-${language}-${size.width}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`provider offline ${language} ${size.width}`, {
        path,
        contentType: 'image/png',
      });
    }
    await expectNoAxeViolations(page);
    await failure.getByRole('button', { name: text.useEmail }).click();
    await expect(page.locator('input[type=email]')).toBeFocused();
  });
}
