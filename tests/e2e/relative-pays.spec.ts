/**
 * A relative pays from abroad (docs/product.md, "A relative pays"): a donor with a reservation
 * makes a payment link in My account; a second browser, a Romanian phone 360 px wide, opens it
 * without an account, sees the plan with the plot marked, whom it is for and the amount, and
 * pays on the Stripe double with its own e-mail; the donor's account then shows the plot paid
 * and downloads the certificate.
 */
import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { expect, test } from './csp-guard.ts';
import { newDonor } from '../support/payments.ts';
import {
  expectNoAxeViolations,
  firestore,
  reservedFor,
  screenshotAtBothSizes,
  setCell,
  signInOnLoginPage,
  tidyPlot,
} from './support.ts';

const authHost = () => process.env.TEST_AUTH_HOST!;
const DAY_MS = 24 * 60 * 60 * 1000;
const PLOT = 'S20';

test('a relative in ro-RO pays the rest of a reservation from a link on a phone, and the donor gets the certificate', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const donor = await newDonor(authHost(), firestore(), 'Rosa Familia');
  await reservedFor(donor, PLOT, 10);
  const phone = await browser.newContext({
    locale: 'ro-RO',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    // The donor makes the link in My account.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/mi-cuenta?lng=es');
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    await expect(page).toHaveURL(/\/mi-cuenta/, { timeout: 30_000 });
    await expect(page.getByTestId('balances-due')).toContainText(PLOT, { timeout: 15_000 });
    await page.getByTestId('ask-someone-to-pay').click();
    const address = page.getByTestId('pay-link-url');
    await expect(address).toHaveValue(/\/pagar\/[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
    const url = await address.inputValue();
    await expect(page.getByTestId('pay-link-made')).toContainText(/200,00\s€/);
    // No share sheet on this browser: WhatsApp, e-mail and copy instead, each carrying the link.
    const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent((await whatsapp.getAttribute('href'))!)).toContain(url);
    await screenshotAtBothSizes(page, testInfo, 'pay-link-made', async () => {
      await expect(page.getByTestId('pay-link-made')).toBeVisible();
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: 'Correo electrónico' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=/,
    );

    // The relative, on a phone in Romanian, without an account.
    const payer = await phone.newPage();
    await payer.goto(url);
    await expect(payer.getByRole('heading', { level: 1 })).toHaveText(
      'Plătiți parcele ale bisericii',
    );
    await expect(payer.getByTestId('pay-link-donor')).toHaveText('Rosa Familia');
    await expect(payer.getByTestId('pay-link-plots')).toHaveText(PLOT);
    await expect(payer.getByTestId('pay-link-amount')).toHaveText(/200,00\sEUR/);
    await expect(payer.locator(`[data-code="${PLOT}"]`)).toHaveAttribute('data-selected', 'true', {
      timeout: 15_000,
    });
    expect(await payer.content()).not.toContain(donor.email);
    const overflow = await payer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(payer);
    const shot = testInfo.outputPath('pay-link-ro-360.png');
    await payer.screenshot({ path: shot, fullPage: true, animations: 'disabled' });
    await testInfo.attach('pay link ro 360', { path: shot, contentType: 'image/png' });

    await payer.getByTestId('pay-link-pay').click();
    await expect(payer).toHaveURL(/\/c\/pay\/cs_test_/, { timeout: 15_000 });
    // Stripe asks the payer's own e-mail: the donor's is not filled in.
    await expect(payer.locator('#email')).toHaveValue('');
    await payer.locator('#email').fill('ion.ruda@example.test');
    await payer.locator('#name').fill('Ion Rudă');
    await payer.locator('#card').fill('4242 4242 4242 4242');
    await payer.getByRole('button', { name: /^Plătiți/ }).click();
    await expect(payer).toHaveURL(/\/pagar\/[A-Za-z0-9_-]{43}\?pagado=1$/, { timeout: 15_000 });
    await expect(payer.getByTestId('pay-link-paid')).toContainText('Rosa Familia', {
      timeout: 20_000,
    });
    const paidShot = testInfo.outputPath('pay-link-paid-ro-360.png');
    await payer.screenshot({ path: paidShot, fullPage: true, animations: 'disabled' });
    await testInfo.attach('pay link paid ro 360', { path: paidShot, contentType: 'image/png' });

    // The donor: nothing left to pay, and the certificate downloads.
    await page.reload();
    await expect(page.getByTestId('donation-lines')).toContainText(PLOT, { timeout: 15_000 });
    await expect(page.getByTestId('balances-due')).toHaveCount(0);
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Certificado' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  } finally {
    await phone.close();
    await tidyPlot(PLOT);
  }
});

for (const language of ['es', 'en'] as const) {
  test(`in ${language}: the payer's page names a plot taken meanwhile and offers the rest`, async ({
    page,
  }, testInfo) => {
    const donor = await newDonor(authHost(), firestore(), 'Marta Lejos', { anonymous: true });
    const code = (await firestore().collection('users').doc(donor.uid).get()).get(
      'personal_code',
    ) as string;
    const [kept, lost] = language === 'es' ? ['S21', 'S22'] : ['S23', 'S24'];
    await setCell(kept, {
      status: 'reserved',
      user: donor.uid,
      donor_display: code,
      reserved_until: Timestamp.fromMillis(Date.now() + 10 * DAY_MS),
    });
    // The other went to someone else after the link was made.
    await setCell(lost, { status: 'bought', user: 'someone-else', donor_display: 'Otra Persona' });
    const token = `${language}`.padEnd(43, 'x');
    await firestore()
      .collection('payment_links')
      .doc(createHash('sha256').update(token).digest('hex'))
      .set({
        uid: donor.uid,
        kind: 'complete',
        plots: [kept, lost],
        amount_cents: 40_000,
        state: 'open',
        created_at: Timestamp.now(),
        expires_at: Timestamp.fromMillis(Date.now() + 5 * DAY_MS),
        checkout_id: null,
        paid_session: null,
        paid_at: null,
      });
    try {
      await page.goto(`/pagar/${token}?lng=${language}`);
      // An anonymous donor shows by their code, never their name.
      await expect(page.getByTestId('pay-link-donor')).toHaveText(code, { timeout: 15_000 });
      await expect(page.getByText('Marta Lejos')).toHaveCount(0);
      await expect(page.getByTestId('pay-link-taken')).toContainText(lost);
      await expect(page.getByTestId('pay-link-amount')).toHaveText(/200[.,]00/);
      await expect(page.getByTestId('pay-link-pay')).toHaveText(
        language === 'es' ? /^Pagar 200,00\s€$/ : /^Pay €200\.00$/,
      );
      await expect(page.locator(`[data-code="${kept}"]`)).toHaveAttribute('data-selected', 'true', {
        timeout: 15_000,
      });
      await expect(page.locator(`[data-code="${lost}"]`)).not.toHaveAttribute(
        'data-selected',
        'true',
      );
      await expectNoAxeViolations(page);
      const shot = testInfo.outputPath(`pay-link-taken-${language}-1280.png`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: shot, fullPage: true, animations: 'disabled' });
      await testInfo.attach(`pay link taken ${language}`, { path: shot, contentType: 'image/png' });
    } finally {
      await tidyPlot(kept);
      await tidyPlot(lost);
    }
  });
}
