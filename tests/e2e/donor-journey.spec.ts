/**
 * Issue 8 item 6: a donor signs in through the Auth emulator, accepts the privacy policy,
 * edits the profile and downloads the certificate; anyone then checks it on /verificar/:code.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor } from '../support/payments.ts';
import { adminAuth } from '../support/staff.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  setCell,
  signInOnLoginPage,
} from './support.ts';

const ION_CODE = 'PVN4W8RT';

test.beforeEach(async () => {
  // Ion starts as the seed has him: anonymous, privacy policy not yet accepted.
  await firestore()
    .collection('users')
    .doc(DEMO.ion.uid)
    .update({ accepted_privacy_policy: false, is_anonymous_donor: true, name: 'Ion Popescu' });
});

test('sign in, consent, profile edit, certificate download, public check', async ({ page }) => {
  await page.goto('/?lng=es');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await signInOnLoginPage(page, DEMO.ion);

  // Privacy not accepted: /post-login, with the personal code.
  await expect(page).toHaveURL(/\/post-login$/);
  await expect(page.getByTestId('personal-code')).toHaveText(ION_CODE);
  const proceed = page.getByRole('button', { name: 'Continuar' });
  await expect(proceed).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /acepto la política de privacidad/ }).check();
  await page.getByRole('checkbox', { name: /donante anónimo/ }).uncheck();
  await proceed.click();
  await expect(page.getByText('Política de privacidad aceptada correctamente.')).toBeVisible();
  // Back to the page signing in started from.
  await expect(page).toHaveURL(/\/\?lng=es$/);
  const stored = (await firestore().collection('users').doc(DEMO.ion.uid).get()).data();
  expect(stored).toMatchObject({ accepted_privacy_policy: true, is_anonymous_donor: false });

  // Profile: name editable, e-mail and code read-only.
  await page.getByRole('banner').getByRole('button', { name: 'Mi perfil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('profile-email')).toHaveValue(DEMO.ion.email);
  await expect(dialog.getByTestId('profile-code')).toHaveValue(ION_CODE);
  await expectNoAxeViolations(page);
  // An empty name is refused under the field, in the reader's language; nothing is saved.
  await dialog.getByLabel('Nombre').fill('   ');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/El nombre no puede estar vacío/);
  await expect(dialog.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Nombre').fill('Ștefan Țăranu');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario actualizado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await firestore().collection('users').doc(DEMO.ion.uid).get()).data()?.name).toBe(
    'Ștefan Țăranu',
  );

  // No plot yet: a warning, no file.
  const certificate = page.getByRole('banner').getByRole('button', { name: 'Certificado' });
  await certificate.click();
  await expect(page.getByText('No tienes parcelas compradas')).toBeVisible();

  // With a plot bought: the PDF.
  await setCell('G12', { status: 'bought', user: DEMO.ion.uid, donor_display: 'Ștefan Țăranu' });
  try {
    const download = page.waitForEvent('download');
    await certificate.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('certificado.pdf');
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('Certificado descargado')).toBeVisible();

    // Anyone can check the code.
    await page.goto(`/verificar/${ION_CODE}?lng=ro`);
    await expect(page.getByTestId('verify-donor')).toHaveText('Ștefan Țăranu');
    await expect(page.getByTestId('verify-plots')).toHaveText('G12');
  } finally {
    await freeCell('G12');
  }
});

test('an unknown code on /verificar says so', async ({ page }) => {
  await page.goto('/verificar/ZZZZ9999?lng=en');
  await expect(page.getByTestId('verify-unknown')).toHaveText(
    'The code ZZZZ9999 does not match any certificate.',
  );
});

test('a wrong password is said beside the button in the chosen language, stays, and nothing signs in', async ({
  page,
}) => {
  await page.goto('/donativos?lng=ro');
  await signInOnLoginPage(page, { email: DEMO.ana.email, password: 'not-the-password' });
  const failure = page.getByTestId('sign-in-failure');
  await expect(failure).toHaveText(
    /Autentificarea nu a reușit.*Adresa de e-mail sau parola nu sunt corecte\./,
  );
  await expect(page.locator('input[type=password]')).toHaveAttribute('aria-invalid', 'true');
  // A toast would be gone by now: what she must read stays until she tries again.
  await page.waitForTimeout(6_000);
  await expect(failure).toBeVisible();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/donativos/, { timeout: 30_000 });
  await expect(failure).toHaveCount(0);
});

test('logout returns home signed out; Login remembers the page it was pressed on', async ({
  page,
}) => {
  await page.goto('/aviso-legal?lng=es');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/aviso-legal\?lng=es$/);
  await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }),
  ).toBeVisible();
});

test('ro: a session the server refuses (tokens revoked) is said on the sign-in page, and she comes back to the map', async ({
  page,
}) => {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Maria Sesiune');
  await page.goto('/donativos?lng=ro');
  await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
  await expect(page.locator('[data-code="M10"]')).toBeAttached({ timeout: 30_000 });

  // A password reset elsewhere revokes her tokens: this browser's session is refused. Revocation
  // is recorded in whole seconds, so it spares a session begun in its own second: a quick map
  // left her still signed in when the revocation came within the second of her sign-in.
  await page.waitForTimeout(1_100);
  await adminAuth(process.env.TEST_AUTH_HOST!).revokeRefreshTokens(donor.uid);
  await page.reload();
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.getByTestId('session-refused')).toHaveText(
    /Sesiunea dumneavoastră s-a încheiat.*Sesiunea nu este validă sau a expirat\. Autentificați-vă din nou\./,
  );
  await expect(page.getByRole('banner')).toHaveCount(0);

  await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
  await expect(page).toHaveURL(/\/donativos/, { timeout: 30_000 });
  await expect(page.locator('[data-code="M10"]')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Certificat' })).toBeVisible();
});
