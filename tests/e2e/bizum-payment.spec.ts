/**
 * Bizum (docs/product.md, "Bizum and wallets"): staff turn Bizum on in the staff panel; a donor
 * on a 360 px phone in es-ES picks a plot on the map, chooses Bizum on Stripe's page (the
 * double's), gives her mobile, confirms "in her bank's app", lands on /success and sees the plot
 * hers on the map. The setting goes back to card alone after, as the other journeys expect.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { expectNoAxeViolations, firestore, freeCell, signInOnLoginPage } from './support.ts';

const PLOT = 'F10';

async function turnBizumOn(page: Page, testInfo: TestInfo) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/staff?lng=es');
  await signInOnLoginPage(page, DEMO.staff);
  const section = page.getByRole('region', { name: 'Formas de pago' });
  const bizum = section.getByRole('checkbox', { name: /^Bizum/ });
  await expect(bizum).not.toBeChecked({ timeout: 30_000 });
  await expect(section.getByRole('checkbox', { name: /^Tarjeta/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /^Tarjeta/ })).toBeDisabled();
  await bizum.check();
  await section.getByRole('button', { name: 'Guardar formas de pago' }).click();
  await expect(page.getByTestId('payment-methods-result')).toHaveText(
    'Guardado: la página de pago ofrece tarjeta y Bizum.',
  );
  await expectNoAxeViolations(page);
  const shot = testInfo.outputPath('staff-payment-methods-1280.png');
  await section.screenshot({ path: shot });
  await testInfo.attach('staff payment methods 1280', { path: shot, contentType: 'image/png' });
}

test('staff turn Bizum on; a donor on a phone pays a plot with Bizum and sees it hers on the map', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await freeCell(PLOT);
  const phone = await browser.newContext({
    locale: 'es-ES',
    hasTouch: true,
    isMobile: true,
    viewport: { width: 360, height: 740 },
  });
  try {
    await turnBizumOn(page, testInfo);
    expect((await firestore().collection('settings').doc('payments').get()).data()).toMatchObject({
      payment_methods: ['card', 'bizum'],
    });

    const donor = await phone.newPage();
    await donor.goto('/donativos');
    await signInOnLoginPage(donor, DEMO.ana);
    await expect(donor).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
    const target = donor.locator(`[data-code="${PLOT}"]`);
    await expect(target).toBeAttached({ timeout: 15_000 });
    // A tap on plots too small for a finger zooms in about it; the next tap chooses.
    const centre = async () => {
      const at = (await target.boundingBox())!;
      return { x: at.x + at.width / 2, y: at.y + at.height / 2 };
    };
    await target.scrollIntoViewIfNeeded();
    let at = await centre();
    await donor.touchscreen.tap(at.x, at.y);
    await expect
      .poll(async () => Math.min((await target.boundingBox())!.width, 44))
      .toBeGreaterThanOrEqual(44);
    at = await centre();
    await donor.touchscreen.tap(at.x, at.y);
    await expect(target).toHaveAttribute('aria-pressed', 'true');
    await expect(donor.getByTestId('buy')).toHaveText(/Comprar \(1\)\s*250,00\s€/);
    await donor.getByTestId('buy').tap();

    // Stripe's page (the double's) offers card and Bizum; the donor picks Bizum.
    await expect(donor).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await expect(donor.locator('html')).toHaveAttribute('lang', 'es');
    const methods = donor.getByRole('navigation', { name: 'Forma de pago' });
    await expect(methods.getByRole('link', { name: 'Tarjeta' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const cardShot = testInfo.outputPath('card-tab-360.png');
    await donor.screenshot({ path: cardShot, fullPage: true });
    await testInfo.attach('card tab 360', { path: cardShot, contentType: 'image/png' });
    await methods.getByRole('link', { name: 'Bizum' }).tap();
    await expect(donor).toHaveURL(/\?method=bizum$/);
    await donor.getByLabel('Número de móvil de Bizum').fill('612 345 678');
    const phoneShot = testInfo.outputPath('bizum-phone-360.png');
    await donor.screenshot({ path: phoneShot, fullPage: true });
    await testInfo.attach('bizum phone 360', { path: phoneShot, contentType: 'image/png' });
    await donor.getByRole('button', { name: 'Continuar' }).tap();
    await expect(
      donor.getByRole('heading', { name: 'Confirma el pago en la app de tu banco' }),
    ).toBeVisible();
    await expect(donor.getByTestId('bizum-request')).toContainText('250,00');
    await expect(donor.getByTestId('bizum-request')).toContainText('612 345 678');
    const confirmShot = testInfo.outputPath('bizum-confirm-360.png');
    await donor.screenshot({ path: confirmShot, fullPage: true });
    await testInfo.attach('bizum confirm 360', { path: confirmShot, contentType: 'image/png' });
    const { scrollWidth, clientWidth } = await donor.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await donor.getByRole('button', { name: 'Ya lo he confirmado' }).tap();

    // Paid at once, as by card: /success, then the plot hers on the map.
    await expect(donor).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 15_000 });
    await expect(
      donor.getByRole('status').filter({ hasText: /estas parcelas ya son tuyas/ }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(donor.getByTestId('paid-plots').getByRole('listitem')).toHaveText([PLOT]);
    await donor.getByRole('link', { name: 'Volver al mapa' }).tap();
    await expect(donor).toHaveURL(/\/donativos$/);
    await expect(target).toHaveAttribute('data-status', 'bought', { timeout: 15_000 });
    await expect(target).toHaveAttribute('data-own', /.*/);
    await expect(target).toHaveAccessibleName(/Ana García/);
  } finally {
    await phone.close();
    await firestore().collection('settings').doc('payments').delete();
    await freeCell(PLOT);
  }
});

test('the staff panel names the payment methods in English and Romanian, on a phone too', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff?lng=en');
  await signInOnLoginPage(page, DEMO.staff);
  for (const [language, title, card, bizum, save] of [
    ['en', 'Payment methods', /^Card/, /^Bizum/, 'Save payment methods'],
    ['ro', 'Metode de plată', /^Card/, /^Bizum/, 'Salvați metodele de plată'],
  ] as const) {
    if (language === 'ro') await page.goto('/staff?lng=ro');
    const section = page.getByRole('region', { name: title });
    await expect(section.getByRole('checkbox', { name: card })).toBeDisabled({ timeout: 30_000 });
    await expect(section.getByRole('checkbox', { name: bizum })).not.toBeChecked();
    await expect(section.getByRole('button', { name: save })).toBeVisible();
    await expect(section).toContainText(language === 'en' ? 'SEPA debit' : 'SEPA');
    await expectNoAxeViolations(page);
    const shot = testInfo.outputPath(`staff-payment-methods-${language}-390.png`);
    await section.screenshot({ path: shot });
    await testInfo.attach(`staff payment methods ${language} 390`, {
      path: shot,
      contentType: 'image/png',
    });
  }
});
