/** The staff page (/set/certificate): staff only, its form's and count's messages, the map. */
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  setCell,
  signInOnLoginPage,
} from './support.ts';

test('a donor is sent home from the staff page', async ({ page }) => {
  await page.goto('/set/certificate?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/$/);
});

test('staff: the form, the map of available plots only, the count rules', async ({ page }) => {
  await setCell('H3', { status: 'bought', user: 'donor-x', donor_display: 'Ana' });
  await freeCell('H4');
  try {
    await page.goto('/set/certificate?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page).toHaveURL(/\/set\/certificate(\?|$)/);
    await expect(page.locator('[data-code="X39"]')).toBeAttached({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByTestId('register-result')).toHaveText(
      'Falta: el correo del donante, el código del certificado, al menos una parcela.',
    );

    await page.locator('[data-code="H3"]').click({ force: true });
    await page.locator('[data-code="H4"]').click();
    await expect(page.getByText('Parcelas seleccionadas (1): H4')).toBeVisible();

    // Bare codes (logged to the console, docs/api.md), then one of them registered for Ana.
    const logged = page.waitForEvent('console', (message) => message.text().startsWith('codes'));
    await page.getByTestId('certificate-count').fill('2');
    await page.getByRole('button', { name: 'Generar solo códigos' }).click();
    await expect(page.getByTestId('generate-result')).toHaveText(
      'Códigos generados correctamente.',
    );
    const codes = (await (await logged).args()[1]!.jsonValue()) as string[];
    expect(codes).toHaveLength(2);
    // On the page too, to copy onto the paper certificates.
    await expect(page.getByTestId('generated-codes').getByRole('listitem')).toHaveText(codes);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('copy-codes').click();
    await expect(page.getByTestId('copy-codes')).toHaveText('Códigos copiados');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

    await page.getByLabel('Nombre del donante').fill('Ana García');
    await page.getByLabel('Correo del donante').fill(DEMO.ana.email);
    await page.getByLabel('Código del certificado').fill(codes[0]!);
    // The amount and the way of paying, said before staff confirm.
    await expect(page.getByTestId('register-amount')).toHaveText(
      /^Se registrarán 250,00\s€ en efectivo\.$/,
    );
    await page.getByLabel('por transferencia').check();
    await expect(page.getByTestId('register-amount')).toHaveText(
      /^Se registrarán 250,00\s€ por transferencia\.$/,
    );
    await page.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByTestId('register-result')).toHaveText(
      new RegExp(
        `^Registrado: H4, 250,00\\s€ por transferencia, código ${codes[0]}, en la cuenta de ana@parroquia\\.test\\.$`,
      ),
    );
    const gift = await firestore()
      .collection('donations')
      .where('certificate_code', '==', codes[0])
      .get();
    expect(gift.docs.map((doc) => [doc.get('method'), doc.get('amount_cents')])).toEqual([
      ['transfer', 25_000],
    ]);
    await expect(page.getByText('Parcelas seleccionadas (0):')).toBeVisible();
    await expect(page.locator('[data-code="H4"]')).toHaveAttribute('data-status', 'bought');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('certificados-fisicos.pdf');
    await expect(page.getByTestId('generate-result')).toHaveText(
      'Certificados generados correctamente.',
    );

    for (const bad of ['0', '251']) {
      await page.getByTestId('certificate-count').fill(bad);
      await page.getByRole('button', { name: 'Generar', exact: true }).click();
      await expect(page.getByTestId('generate-result')).toHaveText(
        'Introduce un número válido (entre 1 y 250).',
      );
    }
  } finally {
    await freeCell('H3');
    await freeCell('H4');
  }
});
