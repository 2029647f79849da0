/**
 * "My data" on /mi-cuenta (issue 30, item 2; docs/product.md "Your data"): in Spanish on a
 * desktop the whole journey (download the document and the JSON and read them, delete the account after the
 * password and the confirmation; then signed out, no sign-in, no name on the map or the check
 * page, the ledger's sums unchanged, staff's page says erased); in Romanian on a 360 px phone and
 * in English, the section's texts up to the confirmation, then cancelled.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO, idTokenOf } from '../support/clients.ts';
import { consentingDonor, newEmailAccount, verifyEmail } from '../support/accounts.ts';
import { storedCode } from '../support/staff.ts';
import { pdfPageTexts } from '../../functions/test/support/pdf-text.ts';
import {
  catalogue,
  expectNoAxeViolations,
  firestore,
  freeCell,
  signInOnLoginPage,
  type Catalogue,
  type Language,
} from './support.ts';

const authHost = () => process.env.TEST_AUTH_HOST!;
const siteOf = (testInfo: TestInfo) => testInfo.project.use.baseURL!;
const word = () => [...randomBytes(5)].map((b) => 'abcdefghijklmnopqrstuvwxyz'[b % 26]).join('');
const PASSWORD = 'Prueba-2026';

/** The section's texts of `language`, as the page shows them. */
function texts(language: Language) {
  const myData = catalogue(language).myData as Catalogue;
  const words = (block: Catalogue) => (key: string) => {
    const text = block[key];
    if (typeof text !== 'string') throw new Error(`myData: no text ${key} in ${language}`);
    return text;
  };
  return { ...myData, of: words(myData), erase: words(myData.erase as Catalogue) };
}

/** A donor with a cash gift of `plot` registered by staff for their (proven) address. */
async function donorWithGift(siteUrl: string, name: string, plot: string) {
  await freeCell(plot);
  const account = await newEmailAccount(authHost());
  await verifyEmail(authHost(), account.uid);
  const donor = await consentingDonor(siteUrl, account, { name });
  const staff = await idTokenOf(authHost(), DEMO.staff);
  const registered = await fetch(`${siteUrl}/api/users/register-physical-certificate/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: donor.email,
      code: await storedCode(firestore()),
      name,
      parcelas: [plot],
      method: 'cash',
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  return { ...donor, name, password: PASSWORD };
}

async function tidy(plot: string) {
  await freeCell(plot);
  const rows = await firestore()
    .collection('donations')
    .where('cells', 'array-contains', plot)
    .get();
  await Promise.all(rows.docs.map((doc) => doc.ref.delete()));
}

async function ledgerSum(): Promise<number> {
  const rows = await firestore().collection('donations').get();
  return rows.docs.reduce((sum, doc) => sum + (doc.get('amount_cents') as number), 0);
}

async function openSection(
  page: Page,
  language: Language,
  account: { email: string; password: string },
) {
  await page.goto(`/mi-cuenta?lng=${language}`);
  await signInOnLoginPage(page, account);
  await expect(page).toHaveURL(/\/mi-cuenta/, { timeout: 30_000 });
  const section = page.getByTestId('my-data');
  await expect(section.getByRole('heading', { name: texts(language).of('title') })).toBeVisible({
    timeout: 15_000,
  });
  return section;
}

test('es, desktop: the donor downloads their data, then deletes the account for good', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const plot = 'P25';
  const name = `Eugenia Borrable ${word()}`;
  const donor = await donorWithGift(siteOf(testInfo), name, plot);
  const text = texts('es');
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const section = await openSection(page, 'es', donor);
    await expectNoAxeViolations(page);

    // Download my data to read: a PDF in her language, the profile, the plot and the gift in words.
    const reading = page.waitForEvent('download');
    await section.getByRole('button', { name: text.of('download') }).click();
    const readable = await reading;
    expect(readable.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.pdf$/);
    const words = (await pdfPageTexts(new Uint8Array(await readFile(await readable.path())))).join(
      '\n',
    );
    expect(words).toContain(`Nombre: ${name}`);
    expect(words).toContain(`${plot}: comprada.`);
    expect(words).toContain('Compra en efectivo');

    // And for another service: one JSON file with the profile, the plot and the gift.
    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: text.of('downloadJson') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { name: string; email: string; personal_code: string };
      plots: Array<{ plot: string; status: string }>;
      gifts: Array<{ method: string; amount_cents: number; plots: string[] }>;
    };
    expect(data.profile).toMatchObject({ name, email: donor.email });
    expect(data.plots).toEqual([{ plot, status: 'bought', reserved_until: null }]);
    expect(data.gifts).toMatchObject([{ method: 'cash', amount_cents: 25_000, plots: [plot] }]);

    const sumBefore = await ledgerSum();

    // Delete my account: the password again, then what goes and what stays, then yes.
    await section.getByRole('button', { name: text.erase('start') }).click();
    await expect(section.getByText(text.erase('passwordPrompt'))).toBeVisible();
    await section.getByLabel(text.erase('password')).fill('no-es-la-clave');
    await section.getByRole('button', { name: text.erase('continue') }).click();
    await expect(section.getByRole('alert')).toHaveText(text.erase('wrongPassword'));
    await section.getByLabel(text.erase('password')).fill(donor.password);
    await section.getByRole('button', { name: text.erase('continue') }).click();
    await expect(section.getByText(text.erase('confirmTitle'))).toBeVisible({ timeout: 15_000 });
    await expect(section.getByRole('heading', { name: text.erase('goesTitle') })).toBeVisible();
    await expect(section.getByText(text.erase('staysLedger'))).toBeVisible();
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: text.erase('confirm') }).click();

    // Signed out, at home; the account page asks to sign in; the account cannot.
    await expect(page).toHaveURL(/\/(\?|$)/, { timeout: 15_000 });
    await expect(page.getByText(text.erase('done'))).toBeVisible();
    await page.goto('/mi-cuenta?lng=es');
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
    await expect(idTokenOf(authHost(), donor)).rejects.toThrow();

    // The ledger says the same; no name on the map or the check page, only the code.
    expect(await ledgerSum()).toBe(sumBefore);
    const snapshot = await (await fetch(`${siteOf(testInfo)}/api/cells/snapshot/`)).text();
    expect(snapshot).not.toContain(name);
    await page.goto(`/verificar/${donor.personalCode}?lng=es`);
    await expect(page.getByText(donor.personalCode).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(plot)).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Eugenia');

    // Staff's page of the donor says the account was erased.
    await page.goto(`/staff/donantes/${donor.uid}?lng=es`);
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.getByTestId('donor-erased')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('donor-erased')).toContainText('borró su cuenta');
    const path = testInfo.outputPath('my-data-es-staff-erased-1280.png');
    await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    await testInfo.attach('staff page of the erased donor', { path, contentType: 'image/png' });
  } finally {
    await tidy(plot);
  }
});

for (const { language, size } of [
  { language: 'ro', size: { width: 360, height: 740 } },
  { language: 'en', size: { width: 1280, height: 800 } },
] as const) {
  test(`${language}, ${size.width} px: the section's texts up to the confirmation, then cancelled`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const plot = language === 'ro' ? 'P26' : 'P27';
    const donor = await donorWithGift(siteOf(testInfo), `Ioana Datele ${word()}`, plot);
    const text = texts(language);
    try {
      await page.setViewportSize(size);
      const section = await openSection(page, language, donor);
      await expect(section.getByText(text.of('intro'))).toBeVisible();
      await expect(section.getByRole('button', { name: text.of('download') })).toBeVisible();
      await expect(section.getByRole('button', { name: text.of('downloadJson') })).toBeVisible();
      await expect(section.getByRole('heading', { name: text.erase('title') })).toBeVisible();
      if (language === 'ro') {
        // Her data in her words: the document is in Romanian, her name as she writes it.
        const reading = page.waitForEvent('download');
        await section.getByRole('button', { name: text.of('download') }).click();
        const readable = await reading;
        expect(readable.suggestedFilename()).toMatch(/^datele-mele-\d{4}-\d{2}-\d{2}\.pdf$/);
        const words = (
          await pdfPageTexts(new Uint8Array(await readFile(await readable.path())))
        ).join('\n');
        expect(words).toContain('Datele mele');
        expect(words).toContain(`${plot}: cumpărată.`);
      }
      await expectNoAxeViolations(page);
      const shot = async (name: string) => {
        const path = testInfo.outputPath(`my-data-${language}-${name}-${size.width}.png`);
        await page.screenshot({ path, fullPage: true, animations: 'disabled' });
        await testInfo.attach(`${name} ${size.width}`, { path, contentType: 'image/png' });
      };
      await shot('section');

      await section.getByRole('button', { name: text.erase('start') }).click();
      await expect(section.getByText(text.erase('passwordPrompt'))).toBeVisible();
      await shot('sign-in');
      await section.getByLabel(text.erase('password')).fill(donor.password);
      await section.getByRole('button', { name: text.erase('continue') }).click();
      await expect(section.getByText(text.erase('confirmTitle'))).toBeVisible({ timeout: 15_000 });
      for (const line of ['goesAccount', 'goesNames', 'goesMap', 'staysLedger', 'staysPlots']) {
        await expect(section.getByText(text.erase(line))).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await shot('confirm');
      await section.getByRole('button', { name: text.erase('cancel') }).click();
      await expect(section.getByRole('button', { name: text.erase('start') })).toBeVisible();
      // Cancelled: the account is still there.
      expect((await firestore().collection('users').doc(donor.uid).get()).exists).toBe(true);
    } finally {
      await tidy(plot);
    }
  });
}
