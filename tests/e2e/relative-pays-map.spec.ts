/**
 * A relative pays for plots picked on the map (docs/product.md, "A relative pays"): a donor on a
 * 360 px phone in es-ES picks two free plots, asks someone else to pay from the selection bar
 * and gets the link in a dialog. The link holds nothing: another donor can still pick the plots.
 * A second browser, a Romanian phone without an account, opens the link and pays on the Stripe
 * double with its own e-mail; the donor's map then shows both plots as hers, and My account
 * lists them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { newDonor } from '../support/payments.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  signInOnLoginPage,
  tidyPlot,
} from './support.ts';

const authHost = () => process.env.TEST_AUTH_HOST!;
/** One above the other: a finger picks both once the map is zoomed in. */
const PLOTS = ['U25', 'U24'] as const;

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

/** Nothing on the page is wider than the screen. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a donor on a phone asks someone else to pay for two plots picked on the map; a relative in ro-RO pays them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const donor = await newDonor(authHost(), firestore(), 'Lucía Mapa');
  const other = await newDonor(authHost(), firestore(), 'Otro Donante');
  for (const code of PLOTS) await freeCell(code);
  const donorPhone = await browser.newContext({ locale: 'es-ES', ...PHONE });
  const otherDesk = await browser.newContext({
    locale: 'es-ES',
    viewport: { width: 1280, height: 800 },
  });
  const payerPhone = await browser.newContext({ locale: 'ro-RO', ...PHONE });
  try {
    // The donor signs in from the map and comes back to it.
    const page = await donorPhone.newPage();
    await page.goto('/donativos');
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    await expect(page).toHaveURL(/\/donativos$/, { timeout: 30_000 });
    const frame = page.getByTestId('plot-map');
    await expect(frame).toHaveAttribute('data-fitted', 'true', { timeout: 15_000 });

    // A tap on plots too small for a finger zooms in about it; the next tap picks it.
    const [first, second] = PLOTS.map((code) => page.locator(`[data-code="${code}"]`)) as [
      ReturnType<Page['locator']>,
      ReturnType<Page['locator']>,
    ];
    const centre = async () => {
      const at = (await first.boundingBox())!;
      return { x: at.x + at.width / 2, y: at.y + at.height / 2 };
    };
    await first.scrollIntoViewIfNeeded();
    let at = await centre();
    await page.touchscreen.tap(at.x, at.y);
    await expect(frame).not.toHaveAttribute('data-fitted');
    at = await centre();
    await page.touchscreen.tap(at.x, at.y);
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await second.tap();
    await expect(second).toHaveAttribute('aria-pressed', 'true');

    // The third, quieter action of the bar: on the screen, the bar no wider than the phone.
    const ask = page.getByRole('button', { name: 'Pedir a otra persona que pague' });
    await expect(ask).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('buy')).toContainText('2');
    const askBox = (await ask.boundingBox())!;
    // A fingertip: 44 px, less the sub-pixel rounding of a phone (as tests/e2e/phone-donor.spec.ts).
    expect(Math.min(askBox.width, askBox.height)).toBeGreaterThanOrEqual(43.5);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const barShot = testInfo.outputPath('map-ask-bar-es-360.png');
    await page.screenshot({ path: barShot, animations: 'disabled' });
    await testInfo.attach('map ask bar es 360', { path: barShot, contentType: 'image/png' });

    // The link, in a dialog over the map: amount, last day, the address, ways to send it.
    await ask.tap();
    const dialog = page.getByRole('dialog', { name: 'Pedir a otra persona que pague' });
    const address = dialog.getByTestId('pay-link-url');
    await expect(address).toHaveValue(/\/pagar\/[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
    const url = await address.inputValue();
    await expect(dialog.getByTestId('pay-link-made')).toContainText(/500,00\s€/);
    await expect(dialog.getByTestId('pay-link-plots')).toHaveText('Parcelas (2): U24, U25');
    await expect(dialog).toContainText('Crear el enlace no te guarda las parcelas');
    const whatsapp = dialog.getByRole('link', { name: 'WhatsApp' });
    expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(url);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
    const dialogShot = testInfo.outputPath('map-ask-dialog-es-360.png');
    await page.screenshot({ path: dialogShot, animations: 'disabled' });
    await testInfo.attach('map ask dialog es 360', { path: dialogShot, contentType: 'image/png' });

    // Made, the link holds nothing: the plots stay free, and another donor can pick them.
    for (const code of PLOTS) {
      const cell = (await firestore().collection('cells').doc(code).get()).data()!;
      expect(cell.status, code).toBe('available');
      expect(cell.hold ?? null, code).toBeNull();
    }
    const elsewhere = await otherDesk.newPage();
    await elsewhere.goto('/donativos');
    await signInOnLoginPage(elsewhere, { email: other.email, password: 'Donante-2026' });
    await expect(elsewhere).toHaveURL(/\/donativos$/, { timeout: 30_000 });
    for (const code of PLOTS) {
      const plot = elsewhere.locator(`[data-code="${code}"]`);
      await expect(plot).toHaveAttribute('data-status', 'available', { timeout: 15_000 });
      await plot.click();
      await expect(plot).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(elsewhere.getByTestId('buy')).toContainText('2');
    // The bar on a desktop: Buy, or Reserve, then the quieter way, on one line.
    await expect(
      elsewhere.getByRole('button', { name: 'Pedir a otra persona que pague' }),
    ).toBeVisible();
    const deskShot = testInfo.outputPath('map-ask-bar-es-1280.png');
    await elsewhere.screenshot({ path: deskShot, animations: 'disabled' });
    await testInfo.attach('map ask bar es 1280', { path: deskShot, contentType: 'image/png' });
    await elsewhere.close();

    // Closed, the dialog lets the plots go on the donor's map.
    await dialog.getByRole('button', { name: 'Cerrar' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('buy')).toHaveCount(0);

    // The relative, on a phone in Romanian, without an account, pays with their own e-mail.
    const payer = await payerPhone.newPage();
    await payer.goto(url);
    await expect(payer.getByTestId('pay-link-donor')).toHaveText('Lucía Mapa', {
      timeout: 15_000,
    });
    await expect(payer.getByTestId('pay-link-plots')).toHaveText('U24, U25');
    await expect(payer.getByTestId('pay-link-amount')).toHaveText(/500,00\sEUR/);
    expect(await overflow(payer)).toBeLessThanOrEqual(0);
    await payer.getByTestId('pay-link-pay').tap();
    await expect(payer).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await expect(payer.locator('#email')).toHaveValue('');
    await payer.locator('#email').fill('maria.ruda@example.test');
    await payer.locator('#name').fill('Maria Rudă');
    await payer.locator('#card').fill('4242 4242 4242 4242');
    await payer.getByRole('button', { name: /^Plătiți/ }).tap();
    await expect(payer).toHaveURL(/\/pagar\/[A-Za-z0-9_-]{43}\?pagado=1$/, { timeout: 15_000 });
    await expect(payer.getByTestId('pay-link-paid')).toContainText('Lucía Mapa', {
      timeout: 20_000,
    });

    // The donor's map: both plots bought, hers. My account lists them.
    for (const plot of [first, second]) {
      await expect(plot).toHaveAttribute('data-status', 'bought', { timeout: 20_000 });
      await expect(plot).toHaveAttribute('data-own', 'true');
    }
    await first.scrollIntoViewIfNeeded();
    const mapShot = testInfo.outputPath('map-paid-by-relative-es-360.png');
    await page.screenshot({ path: mapShot, animations: 'disabled' });
    await testInfo.attach('map paid by relative es 360', {
      path: mapShot,
      contentType: 'image/png',
    });
    await page.goto('/mi-cuenta');
    const lines = page.getByTestId('donation-lines');
    await expect(lines).toContainText('U24', { timeout: 15_000 });
    await expect(lines).toContainText('U25');
  } finally {
    await donorPhone.close();
    await otherDesk.close();
    await payerPhone.close();
    for (const code of PLOTS) await tidyPlot(code);
  }
});
