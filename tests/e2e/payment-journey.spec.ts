/**
 * The payment journey (issue 10): a donor buys two plots on the map, pays on the Stripe
 * double's hosted page with the test card and lands on /success, while a second browser
 * context watching the map sees both plots turn bought without reloading. A Romanian visitor
 * pays on a Stripe page in Romanian (issue #29 part 6).
 */
import type { Page } from '@playwright/test';
import { parsePlotCode } from '@parroquia/domain';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor, startPayment, stripeClient, submitHostedPage } from '../support/payments.ts';
import {
  expectNoAxeViolations,
  firestore,
  freeCell,
  screenshotAtBothSizes,
  signInOnLoginPage,
} from './support.ts';

const plot = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);

async function openMap(page: Page) {
  await page.goto('/donativos?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  // The first sign-in waits for the functions' cold start (the donors' sync route).
  await expect(page).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
  await expect(plot(page, 'X39')).toBeAttached({ timeout: 15_000 });
}

test('paying with 4242 4242 4242 4242 lands on /success, which lists the plots paid, and another browser sees them bought live', async ({
  page,
  browser,
}, testInfo) => {
  const plots = ['H5', 'H6'];
  for (const code of plots) await freeCell(code);
  const watcherContext = await browser.newContext();
  try {
    const watcher = await watcherContext.newPage();
    await openMap(watcher);
    for (const code of plots)
      await expect(plot(watcher, code)).toHaveAttribute('data-status', 'available');
    // Survives only if the page is never reloaded.
    await watcher.evaluate(() => Object.assign(window, { __notReloaded: true }));

    await openMap(page);
    for (const code of plots) await plot(page, code).click();
    await expect(page.getByTestId('buy')).toHaveText(/Comprar \(2\)\s*500,00\s€/);
    await page.getByTestId('buy').click();

    // The Stripe double's hosted page.
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await expect(page.getByTestId('total')).toHaveText(/500,00\s€/);
    for (const code of plots)
      await expect(plot(watcher, code)).toHaveAttribute('data-status', 'held');
    await page.locator('#card').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pagar/ }).click();

    await expect(page).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 15_000 });
    for (const code of plots) {
      await expect(plot(watcher, code)).toHaveAttribute('data-status', 'bought', {
        timeout: 15_000,
      });
    }
    await expect(plot(watcher, 'H5')).toHaveAccessibleName(/Ana García/);

    // The success page: the plots this payment paid for, and the way on.
    // While the session is checked the page says so in another status: wait for this one.
    await expect(
      page.getByRole('status').filter({ hasText: /estas parcelas ya son tuyas/ }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('paid-plots').getByRole('listitem')).toHaveText(plots);
    await expect(page.getByRole('button', { name: 'Descargar mi certificado' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'success', async () => {
      // Stripe's reference is one long word: it wraps instead of widening the page.
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    });
    await page.getByRole('link', { name: 'Volver al mapa' }).click();
    await expect(page).toHaveURL(/\/donativos$/);
    expect(
      await watcher.evaluate(
        () => (window as unknown as { __notReloaded?: boolean }).__notReloaded,
      ),
    ).toBe(true);
  } finally {
    await watcherContext.close();
    for (const code of plots) await freeCell(code);
  }
});

test('a declined card (4000 0000 0000 0002) keeps the donor on the hosted page; Cancel frees the plots at once and the map gets them back selected', async ({
  page,
}, testInfo) => {
  await freeCell('H8');
  try {
    await openMap(page);
    await plot(page, 'H8').click();
    await page.getByTestId('buy').click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    await page.locator('#card').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pagar/ }).click();
    await expect(page.getByRole('alert')).toContainText('rechazada');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/cancel\?checkout=chk_/);
    await expect(page.getByTestId('cancel-release')).toHaveText(/vuelven a estar libres/, {
      timeout: 15_000,
    });
    await screenshotAtBothSizes(page, testInfo, 'cancel');
    await page.getByTestId('back-to-map').click();
    await expect(page).toHaveURL(/\/donativos$/);
    await expect(plot(page, 'H8')).toHaveAttribute('data-status', 'available');
    await expect(plot(page, 'H8')).toHaveAttribute('data-selected', 'true');
    await expect(page.getByTestId('buy')).toHaveText(/Comprar \(1\)/);
  } finally {
    await freeCell('H8');
  }
});

test("a visitor whose browser reads Romanian gets Stripe's page in Romanian, its card errors too, and the cancel page in Romanian", async ({
  browser,
}, testInfo) => {
  await freeCell('H9');
  // No ?lng=: the site resolves the browser's ro-RO to ro, and asks Stripe for that.
  const context = await browser.newContext({ locale: 'ro-RO' });
  try {
    const page = await context.newPage();
    await page.goto('/donativos');
    await signInOnLoginPage(page, DEMO.ana);
    await expect(page).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
    await expect(plot(page, 'H9')).toBeAttached({ timeout: 15_000 });
    await plot(page, 'H9').click();
    await expect(page.getByTestId('buy')).toHaveText(/Cumpărați \(1\)/);
    await page.getByTestId('buy').click();

    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    // The session itself is in Romanian (its locale), not only a page following the browser.
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
    const { stripe: stripePort } = await suiteStackPorts();
    const session = await stripeClient(`http://127.0.0.1:${stripePort}`).checkout.sessions.retrieve(
      sessionId,
    );
    expect(session.locale).toBe('ro');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(page.getByRole('heading', { name: 'Plată de test' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Parcela H9' })).toBeVisible();
    await expect(page.getByLabel('Numărul cardului')).toBeVisible();
    await page.locator('#card').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Plătiți 250,00/ }).click();
    await expect(page.getByRole('alert')).toHaveText('Cardul dumneavoastră a fost refuzat.');
    await screenshotAtBothSizes(page, testInfo, 'stripe-page-ro');
    await page.getByRole('button', { name: 'Anulați' }).click();
    await expect(page).toHaveURL(/\/cancel\?checkout=chk_/);
    await expect(page.getByTestId('cancel-release')).toHaveText(
      /Parcelele dumneavoastră sunt din nou libere/,
      { timeout: 15_000 },
    );
  } finally {
    await context.close();
    await freeCell('H9');
  }
});

/** Available plots of the map's last rows, which no other journey names. */
async function lastRowsAvailable(count: number): Promise<string[]> {
  const cells = await firestore().collection('cells').where('status', '==', 'available').get();
  const codes = cells.docs
    .map((doc) => ({ code: doc.id, row: parsePlotCode(doc.id).y }))
    .filter(({ row }) => row >= 33)
    .sort((a, b) => b.row - a.row || a.code.localeCompare(b.code))
    .map(({ code }) => code);
  expect(codes.length).toBeGreaterThanOrEqual(count);
  return codes.slice(0, count);
}

test("ro-RO, 360 px phone: the success page titles a payment of 2 plots and of 20 (Romanian's few and other)", async ({
  browser,
}) => {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Maria Popescu');
  const { hosting } = await suiteStackPorts();
  const siteUrl = `http://localhost:${hosting}`;
  const context = await browser.newContext({
    locale: 'ro-RO',
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const paid: string[] = [];
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    for (const [count, title] of [
      [2, 'Parcelele dumneavoastră (2)'],
      [20, 'Parcelele dumneavoastră (20)'],
    ] as const) {
      const plots = await lastRowsAvailable(count);
      paid.push(...plots);
      const started = await startPayment(siteUrl, donor, 'buy', plots, 'ro');
      expect(started.status, started.body.error).toBe(200);
      expect((await submitHostedPage(started.body.url!, '4242 4242 4242 4242')).status).toBe(303);
      await page.goto(`/success?session_id=${started.body.sessionId}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('success.plotsTitle')).toHaveCount(0);
    }
  } finally {
    await context.close();
    for (const code of paid) await freeCell(code);
  }
});
