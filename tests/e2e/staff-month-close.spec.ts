/**
 * The treasurer closes a month (docs/screens.md, /staff): from the panel she prints the close for
 * the parish council and downloads the accountant's export of the same month, in Spanish on a
 * desktop and in Romanian on a phone; the PDF's figures are the export's, read as Spanish Excel
 * reads it. Each test closes a month of its own, long past (tests/support/month-rows.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import { MONTH_ROWS_CLOSE, writeMonthRows } from '../support/month-rows.ts';
import { pdfPageLines } from '../../functions/test/support/pdf-text.ts';
import { readAsSpanishExcel, spanishCents } from '../support/spanish-spreadsheet.ts';
import {
  expectNoAxeViolations,
  firestore,
  screenshotAtBothSizes,
  signInOnLoginPage,
} from './support.ts';

async function downloaded(page: Page, button: string): Promise<{ file: Download; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await downloading;
  return { file, bytes: await readFile(await file.path()) };
}

test('es, desktop: the close of a month for the council, and its export for the accountant', async ({
  page,
}, testInfo) => {
  const remove = await writeMonthRows(firestore(), '2021-04');
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/staff?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    const close = page.getByRole('region', { name: 'El cierre del mes' });
    await close.getByLabel('Mes').fill('2021-04');
    await expect(close.getByLabel('Idioma de la página')).toHaveValue('es');

    const pdf = await downloaded(page, 'Imprimir el cierre (PDF)');
    expect(pdf.file.suggestedFilename()).toBe('cierre-2021-04.pdf');
    const [lines = []] = await pdfPageLines(pdf.bytes);
    const text = lines.map((line) => line.replace(/\s/g, ' '));
    expect(text.slice(0, 2)).toEqual(['Parroquia Ortodoxa de Asturias', 'Cierre de abril de 2021']);
    const total = text.indexOf('Total');
    const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
    const { given, refunded, voided, kept } = MONTH_ROWS_CLOSE.total;
    expect(text.slice(total + 1, total + 5)).toEqual([given, refunded, voided, kept].map(euros));
    await expect(page.getByTestId('month-close-result')).toHaveText(
      'Descargado: cierre-2021-04.pdf.',
    );

    const csv = await downloaded(page, 'Exportación del mes (CSV)');
    expect(csv.file.suggestedFilename()).toBe('donativos-2021-04.csv');
    const rows = readAsSpanishExcel(csv.bytes.toString('utf8')).rows;
    expect(rows).toHaveLength(5);
    expect(rows.reduce((sum, row) => sum + spanishCents(row.importe_eur!), 0)).toBe(kept);
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-month-close-es', () =>
      expect(close).toBeVisible(),
    );
  } finally {
    await remove();
  }
});

test('ro, phone: the close in Romanian from a 390 px screen', async ({ page }) => {
  const remove = await writeMonthRows(firestore(), '2021-05');
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/staff?lng=ro');
    await signInOnLoginPage(page, DEMO.staff);
    const close = page.getByRole('region', { name: 'Închiderea lunii' });
    await close.getByLabel('Luna').fill('2021-05');
    // Her language is the page's by default.
    await expect(close.getByLabel('Limba paginii')).toHaveValue('ro');
    const pdf = await downloaded(page, 'Tipăriți închiderea (PDF)');
    const [lines = []] = await pdfPageLines(pdf.bytes);
    expect(lines[1]).toBe('Închiderea lunii mai 2021');
    expect(lines).toContain('1 parcelă cumpărată');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // A month that cannot be: said in her language, nothing downloaded.
    await close.getByLabel('Luna').fill('');
    await close.getByRole('button', { name: 'Tipăriți închiderea (PDF)' }).click();
    await expect(page.getByTestId('month-close-result')).toHaveText(
      'Luna trebuie scrisă ca AAAA-LL, între 2020 și 2100.',
    );
    await expectNoAxeViolations(page);
  } finally {
    await remove();
  }
});
