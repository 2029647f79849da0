/**
 * The record of staff actions (/staff/acciones, issue 32 part 7) and the filled-in certificate
 * of a registration (part 5): on a desktop in Spanish, staff generate codes, register a gift
 * with one, print its certificate filled in and find all three on the record; on a phone in
 * Romanian, staff print blank certificates and find them by kind. A donor is sent home.
 */
import { readFile } from 'node:fs/promises';
import { Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  screenshotAtBothSizes,
  signInOnLoginPage,
  tidyPlot,
} from './support.ts';

test('a donor is sent home from the record of staff actions', async ({ page }) => {
  await page.goto('/staff/acciones?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  // The first sign-in of a run may wake the functions up: more than the default 5 s.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
});

test('es, desktop: codes generated, a gift registered, its certificate printed filled in, all on the record', async ({
  page,
}, testInfo) => {
  await freeCell('H10');
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/set/certificate?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.locator('[data-code="H10"]')).toBeAttached({ timeout: 15_000 });

    await page.getByTestId('certificate-count').fill('2');
    await page.getByRole('button', { name: 'Generar solo códigos' }).click();
    const listed = page.getByTestId('generated-codes').getByRole('listitem');
    await expect(listed).toHaveCount(2);
    const codes = await listed.allTextContents();

    await page.locator('[data-code="H10"]').click();
    await page.getByLabel('Nombre del donante').fill('Ștefan Țăranu');
    await page.getByLabel('Correo del donante').fill('stefan.taranu@donantes.test');
    await page.getByLabel('Código del certificado').fill(codes[0]!);
    await page.getByRole('button', { name: 'Registrar' }).click();
    await expect(page.getByTestId('register-result')).toContainText(`código ${codes[0]}`);

    // From the summary: the certificate filled in, downloaded by the browser.
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: `Imprimir el certificado ${codes[0]} rellenado` })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`certificado-${codes[0]}.pdf`);
    const [text] = await pdfPageTexts(new Uint8Array(await readFile(await file.path())));
    expect(text).toContain('Ștefan Țăranu');
    expect(text).toContain('H10');
    expect(text!.replace(/\s+/g, '')).toContain(codes[0]);
    await expect(page.getByTestId('filled-certificate-result')).toHaveText(
      `Certificado ${codes[0]} descargado: imprímelo y entrégaselo al donante.`,
    );

    await page.goto('/staff/acciones?lng=es');
    await expect(page.getByRole('heading', { name: 'Acciones del personal' })).toBeVisible();
    const printed = page.locator('[data-kind="print-filled"]').first();
    await expect(printed).toContainText('Certificado rellenado impreso');
    await expect(printed).toContainText(codes[0]!);
    await expect(printed).toContainText('Párroco (demo) · staff@parroquia.test');
    const registered = page.locator('[data-kind="register"]').first();
    await expect(registered).toContainText('Registro de un donativo');
    await expect(registered).toContainText('H10: disponible → comprada');
    // How much, how, for whom, with which certificate.
    await expect(registered).toContainText(
      `250,00 € · Efectivo · Ștefan Țăranu <stefan.taranu@donantes.test> · certificado ${codes[0]}`,
    );
    const generated = page.locator('[data-kind="generate-codes"]').first();
    await expect(generated).toContainText('2 códigos');
    await expect(generated).toContainText(codes.join(' '));
    // Newest first: the print, then the registration, then the codes.
    const kinds = await page
      .locator('[data-kind]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    expect(kinds.slice(0, 3)).toEqual(['print-filled', 'register', 'generate-codes']);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-actions-es', () =>
      expect(printed).toBeVisible(),
    );
  } finally {
    await tidyPlot('H10');
  }
});

test('ro, phone: blank certificates printed, then found on the record by kind', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/set/certificate?lng=ro');
  await signInOnLoginPage(page, DEMO.staff);
  await page.getByTestId('certificate-count').fill('1');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generați', exact: true }).click();
  const file = await download;
  const [text] = await pdfPageTexts(new Uint8Array(await readFile(await file.path())));
  const code = text!.replace(/\s+/g, '').match(/CERTIFICADO([2-9A-Z]{8})/)?.[1];
  expect(code).toBeTruthy();

  // 50 older prints, so the list has a second page.
  const older = await seedOlderPrints(50);
  try {
    await page.goto('/staff/acciones?lng=ro');
    await expect(page.getByRole('heading', { name: 'Acțiunile personalului' })).toBeVisible();
    await page.getByLabel('Tipul acțiunii').selectOption({ label: 'Certificate goale tipărite' });
    const first = page.locator('[data-kind]').first();
    await expect(first).toHaveAttribute('data-kind', 'print-blank');
    await expect(first).toContainText('Certificate goale tipărite');
    await expect(first).toContainText('1 cod');
    await expect(first).toContainText(code!);
    await expect(page.locator('[data-kind]:not([data-kind="print-blank"])')).toHaveCount(0);
    // Nothing sideways on a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoAxeViolations(page);
    const path = testInfo.outputPath('staff-actions-ro-360.png');
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach('staff-actions-ro 360', { path, contentType: 'image/png' });
    await screenshotAtBothSizes(page, testInfo, 'staff-actions-ro', () =>
      expect(first).toBeVisible(),
    );

    // "More": the next page after the first 50, the oldest seeded last.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.locator('[data-kind]')).toHaveCount(50);
    await page.getByRole('button', { name: 'Mai multe' }).click();
    await expect(page.locator('[data-kind]').last()).toContainText('OLD00000');
    expect(await page.locator('[data-kind]').count()).toBeGreaterThan(50);
    await expect(page.getByRole('button', { name: 'Mai multe' })).toHaveCount(0);
  } finally {
    await Promise.all(older.map((ref) => ref.delete()));
  }
});

/** Blank prints recorded a day ago, a minute apart, as the API records them. */
async function seedOlderPrints(count: number) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const ref = firestore().collection('staff_actions').doc();
      await ref.create({
        action: 'print-blank',
        staff: DEMO.staff.uid,
        at: Timestamp.fromMillis(dayAgo + i * 60_000),
        reason: null,
        plots: [],
        donations: [],
        before: {},
        after: {},
        details: { count: 1, codes: [`OLD${String(i).padStart(5, '0')}`] },
      });
      return ref;
    }),
  );
}
