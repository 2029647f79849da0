/**
 * "My donations" on /mi-cuenta (issue 30, item 1): a donor who paid by card for real (the Stripe
 * double), reserved a plot and was refunded part of a gift from Stripe's dashboard opens their
 * account from the header and sees every gift and the refund with amounts, plots and states, and
 * what is left to pay by when; downloads a gift's receipt and the year's statement and they say
 * the same. In es and en on a desktop, in ro on a 360 × 740 phone (through the header's menu).
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { Page, TestInfo } from '@playwright/test';
import { suiteStackPorts } from '@parroquia/testkit/stack';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import {
  newDonor,
  startPayment,
  stripeClient,
  submitHostedPage,
  waitFor,
} from '../support/payments.ts';
import { adminAuth } from '../support/staff.ts';
import { expect, test } from './csp-guard.ts';
import {
  catalogue,
  expectNoAxeViolations,
  firestore,
  signInOnLoginPage,
  tidyPlot,
  type Catalogue,
  type Language,
} from './support.ts';

const authHost = () => process.env.TEST_AUTH_HOST!;

/** A text of the web catalogue, with its values, as the page shows it. */
function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<Catalogue | string>((node, part) => (node as Catalogue)[part]!, catalogue(language));
  return Object.entries(values).reduce(
    (shown, [name, value]) => shown.replaceAll(`{{${name}}}`, value),
    found as string,
  );
}

/** Money as the page and the PDFs write it (a no-break space before €, in es and ro). */
const euros = (language: Language, cents: number) =>
  new Intl.NumberFormat({ es: 'es-ES', en: 'en-GB', ro: 'ro-RO' }[language], {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
const loose = (shown: string) =>
  new RegExp(shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

/** A text with its day (`DATE`) left open: any day of this year or the next. */
const withDate = (shown: string) =>
  new RegExp(loose(shown).source.replace('DATE', '\\d{1,2}\\D+\\d{4}'));

async function paidByCard(
  siteUrl: string,
  donor: Parameters<typeof startPayment>[1],
  kind: 'buy' | 'reserve',
  plots: string[],
) {
  const started = await startPayment(siteUrl, donor, kind, plots);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await submitHostedPage(started.body.url!, '4242424242424242');
  const status = kind === 'buy' ? 'bought' : 'reserved';
  await waitFor(`the card ${kind}`, async () => {
    const cells = await firestore().getAll(
      ...plots.map((plot) => firestore().collection('cells').doc(plot)),
    );
    return cells.every((cell) => cell.get('status') === status) ? true : null;
  });
  return started.body.sessionId!;
}

/** A donor in `language` who bought two plots (500 €), reserved one (50 €) and got 100 € back. */
async function donorWhoPaid(
  testInfo: TestInfo,
  language: Language,
  plots: [string, string, string],
) {
  const siteUrl = testInfo.project.use.baseURL!;
  for (const plot of plots) await tidyPlot(plot);
  const donor = await newDonor(authHost(), firestore(), `Donante Historial ${language}`);
  await adminAuth(authHost()).updateUser(donor.uid, { emailVerified: true });
  const renamed = await fetch(`${siteUrl}/api/users/update_user/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${donor.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: donor.name, language }),
  });
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  const giftId = await paidByCard(siteUrl, donor, 'buy', [plots[0], plots[1]]);
  await paidByCard(siteUrl, donor, 'reserve', [plots[2]]);
  // The treasurer gives 100 € back in Stripe's own dashboard, not through the site.
  const stripe = stripeClient(`http://127.0.0.1:${(await suiteStackPorts()).stripe}`);
  const session = await stripe.checkout.sessions.retrieve(giftId);
  await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: 10_000 });
  const refundId = `refund-${giftId}-10000`;
  await waitFor('the refund row', async () =>
    (await firestore().collection('donations').doc(refundId).get()).exists ? true : null,
  );
  // The refund e-mail was queued with it, to the donor.
  expect((await firestore().collection('mail').doc(refundId).get()).get('to')).toBe(donor.email);
  return { ...donor, giftId, refundId };
}

/** A downloaded PDF's text, one line; the file kept with its pages as PNG to look at. */
async function downloaded(
  page: Page,
  testInfo: TestInfo,
  click: () => Promise<void>,
  name: string,
) {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  const path = testInfo.outputPath(`${name}.pdf`);
  await file.saveAs(path);
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '60', path, testInfo.outputPath(name)]);
  const pages = await pdfPageTexts(new Uint8Array(bytes));
  return {
    name: file.suggestedFilename(),
    pages: pages.length,
    text: pages.join(' ').replace(/\s+/g, ' '),
  };
}

const JOURNEYS: Array<{ language: Language; plots: [string, string, string]; phone: boolean }> = [
  { language: 'es', plots: ['T12', 'T13', 'T14'], phone: false },
  { language: 'en', plots: ['U12', 'U13', 'U14'], phone: false },
  { language: 'ro', plots: ['W12', 'W13', 'W14'], phone: true },
];

for (const { language, plots, phone } of JOURNEYS) {
  test.describe(`${language}${phone ? ', a 360 px phone' : ', desktop'}`, () => {
    if (phone) {
      test.use({
        locale: 'ro-RO',
        hasTouch: true,
        isMobile: true,
        viewport: { width: 360, height: 740 },
      });
    }

    test(`the donor sees what they gave and got back, what is left to pay, and downloads a receipt and the statement`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const donor = await donorWhoPaid(testInfo, language, plots);
      const t = (key: string, values?: Record<string, string>) => text(language, key, values);
      const money = (cents: number) => euros(language, cents);
      try {
        if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`/donativos?lng=${language}`);
        await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
        await expect(page).toHaveURL(/\/donativos/, { timeout: 30_000 });
        // The header's link; on a phone it sits in the menu's panel.
        if (phone) {
          await page.getByRole('button', { name: t('header.openMenu') }).click();
        }
        const link = page.getByRole('banner').getByRole('link', { name: t('accountPage.link') });
        const box = (await link.boundingBox())!;
        if (phone) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
        await link.click();
        await expect(page).toHaveURL(/\/mi-cuenta$/);
        await expect(
          page.getByRole('heading', { name: t('accountPage.title'), level: 1 }),
        ).toBeVisible();

        const lines = page.getByTestId('donation-lines');
        const gift = lines.locator(`[data-donation="${donor.giftId}"]`);
        await expect(gift).toContainText(loose(money(50_000)), { timeout: 15_000 });
        await expect(gift).toContainText(`${plots[0]}, ${plots[1]}`);
        await expect(gift).toContainText(
          `${t('donations.kinds.buy')} · ${t('donations.methods.card')}`,
        );
        await expect(gift).toContainText(
          loose(t('donations.states.refundedInPart', { amount: money(10_000) })),
        );
        const refund = lines.locator(`[data-donation="${donor.refundId}"]`);
        await expect(refund).toContainText(loose(money(-10_000)));
        await expect(refund).toContainText(
          withDate(t('donations.states.refundOf', { date: 'DATE' })),
        );
        await expect(lines.locator('li')).toHaveCount(3);
        await expect(lines).toContainText(t('donations.kinds.reserve'));
        await expect(lines).toContainText(loose(money(5_000)));

        const due = page.getByTestId('balances-due');
        await expect(due).toContainText(loose(t('donations.due.total', { amount: money(20_000) })));
        await expect(due).toContainText(
          withDate(
            t('donations.due.plot', { plot: plots[2], amount: money(20_000), date: 'DATE' }),
          ),
        );
        await expectNoAxeViolations(page);
        for (const size of [
          { width: 1280, height: 800 },
          { width: 360, height: 740 },
        ]) {
          await page.setViewportSize(size);
          const path = testInfo.outputPath(`my-donations-${language}-${size.width}.png`);
          await page.screenshot({ path, fullPage: true, animations: 'disabled' });
          await testInfo.attach(`my donations ${language} ${size.width}`, {
            path,
            contentType: 'image/png',
          });
        }
        if (!phone) await page.setViewportSize({ width: 1280, height: 800 });

        const receipt = await downloaded(
          page,
          testInfo,
          // The gift's one button: its name says whose receipt (the gift's date).
          () => gift.getByRole('button').click(),
          `receipt-${language}`,
        );
        expect(receipt.pages).toBe(1);
        expect(receipt.name).toMatch(/\.pdf$/);
        expect(receipt.text).toMatch(loose(money(50_000)));
        expect(receipt.text).toMatch(loose(money(-10_000)));
        expect(receipt.text).toContain(`${plots[0]}, ${plots[1]}`);
        expect(receipt.text).toContain(donor.name);
        expect(receipt.text).toContain(
          { es: 'Recibo de donativo', en: 'Donation receipt', ro: 'Chitanță de donație' }[language],
        );
        expect(receipt.text).toContain(
          {
            es: 'No es un certificado de donativos a efectos fiscales',
            en: 'It is not a donation certificate for tax purposes',
            ro: 'Nu este un certificat de donație în scopuri fiscale',
          }[language],
        );

        const year = String(new Date().getFullYear());
        const statement = await downloaded(
          page,
          testInfo,
          () => page.getByRole('button', { name: t('donations.statement', { year }) }).click(),
          `statement-${language}`,
        );
        expect(statement.pages).toBe(1);
        expect(statement.name).toContain(year);
        // 500 + 50 given, 100 refunded: 450 net.
        expect(statement.text).toMatch(loose(money(55_000)));
        expect(statement.text).toMatch(loose(money(45_000)));
        expect(statement.text).toContain(plots[2]);
      } finally {
        for (const plot of plots) await tidyPlot(plot);
      }
    });
  });
}
