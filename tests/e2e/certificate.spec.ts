/**
 * The donor certificate as a donor downloads it (issue 20): in Spanish and Romanian, rendered to
 * PNG by pdf.js inside Chromium (nothing installed beside the browser) and kept as an artifact,
 * so the layout can be looked at: the border, the heading, the name, the plots, and at the foot
 * the church's plan with the plots marked beside the code, the date and the QR code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { newDonor } from '../support/payments.ts';
import { Timestamp } from 'firebase-admin/firestore';
import {
  expectNoAxeViolations,
  firestore,
  setCell,
  signInOnLoginPage,
  tidyPlot,
} from './support.ts';

const PDFJS = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'build',
);
const RENDERER = 'http://pdf-render.test';

/** Page 1 of the PDF drawn on a canvas by pdf.js, in a page of its own; answers that page. */
async function renderPdf(page: Page, bytes: Buffer): Promise<Page> {
  const viewer = await page.context().newPage();
  await viewer.route(`${RENDERER}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') {
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><body style="margin:0;background:#888"><canvas id="c"></canvas></body>',
      });
    }
    if (path === '/certificate.pdf')
      return route.fulfill({ contentType: 'application/pdf', body: bytes });
    return route.fulfill({
      contentType: 'text/javascript',
      body: readFileSync(join(PDFJS, path.slice(1))),
    });
  });
  await viewer.goto(`${RENDERER}/`);
  const size = await viewer.evaluate(async (origin) => {
    const pdfjs = await import(`${origin}/pdf.mjs`);
    pdfjs.GlobalWorkerOptions.workerSrc = `${origin}/pdf.worker.mjs`;
    const document_ = await pdfjs.getDocument({ url: `${origin}/certificate.pdf` }).promise;
    const first = await document_.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
    return { width: viewport.width, height: viewport.height, pages: document_.numPages };
  }, RENDERER);
  expect(size.pages).toBe(1);
  await viewer.setViewportSize({ width: Math.ceil(size.width), height: Math.ceil(size.height) });
  return viewer;
}

for (const language of ['es', 'ro'] as const) {
  test(`in ${language}: the certificate downloads as a one-page PDF with the church plan, kept as PNG`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/donativos?lng=${language}`);
    await signInOnLoginPage(page, DEMO.ana);
    await expect(page.locator('[data-code="X39"]')).toBeAttached({ timeout: 15_000 });
    const download = page.waitForEvent('download');
    await page
      .getByRole('banner')
      .getByRole('button', { name: language === 'es' ? 'Certificado' : 'Certificat' })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(language === 'es' ? 'certificado.pdf' : 'certificat.pdf');
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const viewer = await renderPdf(page, bytes);
    const path = testInfo.outputPath(`certificate-${language}.png`);
    await viewer.locator('#c').screenshot({ path });
    await testInfo.attach(`certificate ${language}`, { path, contentType: 'image/png' });
    // Drawn, not blank: the burgundy of the heading and the marked plots is on the canvas.
    const burgundy = await viewer.evaluate(() => {
      const canvas = document.getElementById('c') as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! > 100 && data[i]! < 150 && data[i + 1]! < 50 && data[i + 2]! < 70) count += 1;
      }
      return count;
    });
    expect(burgundy).toBeGreaterThan(500);
  });
}

test('a browser in ro-RO (no ?lng) downloads the Romanian certificate as certificat.pdf', async ({
  browser,
}) => {
  // i18next keeps `ro-RO` as the detected language: the download asks for the resolved `ro`.
  const context = await browser.newContext({ locale: 'ro-RO' });
  try {
    const page = await context.newPage();
    await page.goto('/donativos');
    await signInOnLoginPage(page, DEMO.ana);
    await expect(page.locator('[data-code="X39"]')).toBeAttached({ timeout: 15_000 });
    // Before the fix no file came: the language `ro-RO` was refused and a toast said so.
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Certificat' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('certificat.pdf');
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expect(page.getByText('Certificat descărcat')).toBeVisible();
  } finally {
    await context.close();
  }
});

// The screen decides by the answer's code, not its text: before, only a Spanish reader was told
// that there is no plot bought yet; an English or Romanian one read the generic error.
for (const [language, warning] of [
  ['en', 'You have no purchased plots'],
  ['ro', 'Nu aveți parcele cumpărate'],
] as const) {
  test(`in ${language}: a donor with no plot bought is told so, not that something failed`, async ({
    page,
  }) => {
    const donor = await newDonor(
      process.env.TEST_AUTH_HOST!,
      firestore(),
      `Sin Parcela ${language}`,
    );
    await page.goto(`/mi-cuenta?lng=${language}`);
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    await page
      .getByRole('banner')
      .getByRole('button', { name: language === 'en' ? 'Certificate' : 'Certificat' })
      .click();
    const notice = page.getByTestId('certificate-notice');
    await expect(notice).toContainText(warning, { timeout: 15_000 });
    await expect(page.getByText(/unexpected|neașteptată/i)).toHaveCount(0);
  });
}

test('ro, 360 px phone: after a deposit the certificate button says calmly what is left to pay and by when, and it stays', async ({
  page,
}, testInfo) => {
  const donor = await newDonor(process.env.TEST_AUTH_HOST!, firestore(), 'Elena Avans');
  const deadline = Date.now() + 12 * 24 * 60 * 60 * 1000;
  await setCell('P30', {
    status: 'reserved',
    user: donor.uid,
    donor_display: 'Elena Avans',
    reserved_until: Timestamp.fromMillis(deadline),
  });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/mi-cuenta?lng=ro');
    await signInOnLoginPage(page, { email: donor.email, password: 'Donante-2026' });
    // "My account" says it too, beside what is left to pay.
    await expect(page.getByTestId('certificate-comes')).toHaveText(
      'Certificatul vine de îndată ce o parcelă este plătită integral.',
      { timeout: 30_000 },
    );

    await page.getByRole('button', { name: 'Deschideți meniul' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Certificat' }).click();
    const notice = page.getByTestId('certificate-notice');
    const lastDay = new Intl.DateTimeFormat('ro-RO', {
      dateStyle: 'long',
      timeZone: 'Europe/Madrid',
    }).format(new Date(deadline - 1));
    const rest = new Intl.NumberFormat('ro-RO', { style: 'currency', currency: 'EUR' }).format(200);
    await expect(notice).toContainText('Nu aveți parcele cumpărate');
    await expect(notice).toContainText('Certificatul vine de îndată ce o parcelă este plătită');
    await expect(notice.getByTestId('certificate-still-to-pay')).toHaveText(
      `Mai aveți de plătit ${rest}; ultima zi este ${lastDay}.`,
    );
    await expect(page.getByText(/eroare|neașteptată/i)).toHaveCount(0);
    // A toast would be gone by now; this stays until she closes it.
    await page.waitForTimeout(6_000);
    await expect(notice).toBeVisible();
    const path = testInfo.outputPath('certificate-notice-ro-360.png');
    await page.screenshot({ path });
    await testInfo.attach('certificate notice ro 360', { path, contentType: 'image/png' });
    await expectNoAxeViolations(page);
    const close = notice.getByRole('button', { name: 'Închideți mesajul' });
    expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await close.click();
    await expect(notice).toHaveCount(0);
  } finally {
    await tidyPlot('P30');
  }
});
