/**
 * The church hall's screen (/pantalla): a television in the hall shows the whole plan, the
 * campaign's progress and the latest gifts, in Romanian here, at 1920 x 1080, with nobody signed
 * in. A donor pays a plot in another browser and the screen shows it taken and the gift first in
 * its list within seconds, without a reload; then the screen's network drops, an anonymous donor
 * pays two plots, the network comes back and the screen catches up by itself, naming the
 * anonymous donor by their code, never by their name. In Spanish and English, the screen's own
 * texts, its fit and axe (the payments' path is the same in every language).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor, startPayment, submitHostedPage, waitFor } from '../support/payments.ts';
import {
  catalogue,
  expectNoAxeViolations,
  firestore,
  signInOnLoginPage,
  tidyPlot,
  type Catalogue,
} from './support.ts';

const TV = { width: 1920, height: 1080 };
const FIRST = 'N24';
const OFFLINE_GIFT = ['N25', 'N26'];
const ro = catalogue('ro').hall as Catalogue;

const plot = (page: Page, code: string) => page.locator(`[data-code="${code}"]`);

// Offline, the Firestore SDK's WebChannel probes the network by loading this image from
// google.com; the site's policy (img-src 'self') blocks it, which only makes the probe fail as
// it would offline anyway: the listener still reconnects (this journey checks it). Every other
// violation still fails the journey.
test.use({ expectedCspViolations: [/https:\/\/www\.google\.com\/images\/cleardot\.gif\?/] });

/** Ana buys `code` on the map in her own browser, paying on the Stripe double's page. */
async function anaBuys(page: Page, code: string) {
  await page.goto('/donativos?lng=es');
  await signInOnLoginPage(page, DEMO.ana);
  await expect(page).toHaveURL(/\/donativos(\?|$)/, { timeout: 30_000 });
  await expect(plot(page, code)).toBeAttached({ timeout: 15_000 });
  await plot(page, code).click();
  await page.getByTestId('buy').click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/, { timeout: 15_000 });
}

test('the hall screen in ro shows a payment from another browser within seconds, and catches up by itself after the network comes back', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const plots = [FIRST, ...OFFLINE_GIFT];
  for (const code of plots) await tidyPlot(code);
  const screenContext = await browser.newContext({ viewport: TV });
  const donorContext = await browser.newContext();
  try {
    const screen = await screenContext.newPage();
    await screen.goto('/pantalla?lng=ro');
    await expect(screen.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(plot(screen, FIRST)).toHaveAttribute('data-status', 'available', {
      timeout: 30_000,
    });
    // No sign-in, no header, nothing to click or tab to.
    await expect(screen.getByRole('banner')).toHaveCount(0);
    await expect(screen.getByRole('link')).toHaveCount(0);
    await expect(screen.getByRole('button', { disabled: false })).toHaveCount(0);
    await expect(screen.locator('[tabindex="0"], a[href], button')).toHaveCount(0);
    await expect(screen.getByText(ro.latestEmpty as string)).toBeVisible();
    await expect(screen.getByTestId('hall-plots')).toHaveText(/din 936 parcele donate/, {
      timeout: 15_000,
    });
    const plotsBefore = await screen.getByTestId('hall-plots').innerText();
    const givenBefore = Number(plotsBefore.split(' ')[0]!.replace(/\D/g, ''));
    // The QR code leads to the site, drawn on the page (no image fetched).
    const address = new URL('/', screen.url()).href;
    await expect(screen.getByTestId('hall-qr')).toHaveAttribute('data-address', address);
    // Survives only if the screen is never reloaded.
    await screen.evaluate(() => Object.assign(window, { __notReloaded: true }));

    // A donor pays in another browser: the screen repaints within seconds.
    await anaBuys(await donorContext.newPage(), FIRST);
    const paidAt = Date.now();
    await expect(plot(screen, FIRST)).toHaveAttribute('data-status', 'bought', { timeout: 5_000 });
    const firstGift = screen.getByTestId('hall-gift').first();
    await expect(firstGift).toContainText(`Parcela ${FIRST}`, { timeout: 5_000 });
    await expect(firstGift).toContainText('Ana García');
    await expect(firstGift).toContainText(ro.bought_one as string);
    testInfo.annotations.push({
      type: 'repaint after payment',
      description: `${Date.now() - paidAt} ms from /success to the gift listed`,
    });
    await expect(screen.getByTestId('hall-plots')).toHaveText(
      new RegExp(`^${givenBefore + 1} din 936`),
      { timeout: 5_000 },
    );

    // The network drops; the screen says it is reconnecting and keeps what it showed.
    await screenContext.setOffline(true);
    await expect(screen.getByTestId('hall-reconnecting')).toHaveText(ro.reconnecting as string, {
      timeout: 30_000,
    });
    const anonymous = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Donator Anonim', {
      anonymous: true,
    });
    const code = (await firestore().collection('users').doc(anonymous.uid).get()).get(
      'personal_code',
    ) as string;
    const siteUrl = testInfo.project.use.baseURL!;
    const started = await startPayment(siteUrl, anonymous, 'buy', OFFLINE_GIFT);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await submitHostedPage(started.body.url!, '4242424242424242');
    await waitFor('the offline gift stored', async () => {
      const cells = await Promise.all(
        OFFLINE_GIFT.map((id) => firestore().collection('cells').doc(id).get()),
      );
      return cells.every((cell) => cell.get('status') === 'bought') ? true : null;
    });
    // Offline, the screen still shows the plots as they were.
    for (const id of OFFLINE_GIFT)
      await expect(plot(screen, id)).toHaveAttribute('data-status', 'available');

    // Back online: it catches up by itself, and the mark goes.
    await screenContext.setOffline(false);
    for (const id of OFFLINE_GIFT) {
      await expect(plot(screen, id)).toHaveAttribute('data-status', 'bought', { timeout: 30_000 });
    }
    await expect(screen.getByTestId('hall-reconnecting')).toHaveCount(0, { timeout: 15_000 });
    const newest = screen.getByTestId('hall-gift').first();
    await expect(newest).toContainText(`Parcelele ${OFFLINE_GIFT.join(', ')}`);
    await expect(newest).toContainText(code);
    await expect(newest).toContainText(ro.bought_few as string);
    await expect(screen.getByTestId('hall-gifts')).not.toContainText('Donator Anonim');
    await expect(screen.getByTestId('hall-gift').nth(1)).toContainText(`Parcela ${FIRST}`);
    await expect(screen.getByTestId('hall-plots')).toHaveText(
      new RegExp(`^${givenBefore + 3} din 936`),
      { timeout: 10_000 },
    );
    expect(
      await screen.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded),
    ).toBe(true);

    // Fills the screen, no scrolling, and the texts are large enough for five metres.
    const sizes = await screen.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      plan: document.querySelector('[data-testid="whole-plan"]')!.getBoundingClientRect().height,
      gift: parseFloat(
        getComputedStyle(document.querySelector('[data-testid="hall-gift"]')!).fontSize,
      ),
      figure: parseFloat(
        getComputedStyle(document.querySelector('[data-testid="hall-raised"]')!).fontSize,
      ),
    }));
    expect(sizes.scrollWidth).toBeLessThanOrEqual(TV.width);
    expect(sizes.scrollHeight).toBeLessThanOrEqual(TV.height);
    expect(sizes.plan).toBeGreaterThanOrEqual(TV.height - 1);
    expect(sizes.gift).toBeGreaterThanOrEqual(28);
    expect(sizes.figure).toBeGreaterThanOrEqual(48);
    await expectNoAxeViolations(screen);
    const path = testInfo.outputPath('hall-screen-1920.png');
    await screen.screenshot({ path, animations: 'disabled' });
    await testInfo.attach('hall screen 1920', { path, contentType: 'image/png' });
  } finally {
    await screenContext.close();
    await donorContext.close();
    for (const code of plots) await tidyPlot(code);
  }
});

for (const language of ['es', 'en'] as const) {
  test(`in ${language}: the hall screen speaks the language of its address, fits the screen, and passes axe`, async ({
    browser,
  }) => {
    const texts = catalogue(language).hall as Catalogue;
    const context = await browser.newContext({ viewport: TV });
    try {
      const screen = await context.newPage();
      await screen.goto(`/pantalla?lng=${language}`);
      await expect(screen.locator('html')).toHaveAttribute('lang', language);
      await expect(screen.getByRole('heading', { name: texts.heading as string })).toBeVisible();
      await expect(screen.getByText(texts.latestEmpty as string)).toBeVisible({ timeout: 15_000 });
      await expect(screen.getByText(texts.qrCaption as string)).toBeVisible();
      await expect(plot(screen, 'X39')).toBeAttached({ timeout: 15_000 });
      const overflow = await screen.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      expect(overflow.width).toBeLessThanOrEqual(TV.width);
      expect(overflow.height).toBeLessThanOrEqual(TV.height);
      await expectNoAxeViolations(screen);
    } finally {
      await context.close();
    }
  });
}
