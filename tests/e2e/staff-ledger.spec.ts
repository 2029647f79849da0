/**
 * The staff panel and the donations ledger (issue 32, parts 1 and 2): the treasurer watches the
 * panel move live while the rest of a reservation is recorded in another tab, finds the gifts in
 * the ledger and downloads them as CSV (es, desktop); on a phone in Romanian, the panel and a
 * filtered ledger read in her language.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './csp-guard.ts';
import { DEMO } from '../support/clients.ts';
import {
  ledgerCsvNetCents,
  readAsSpanishExcel,
  spanishCents,
  spanishDateTime,
} from '../support/spanish-spreadsheet.ts';
import { Timestamp } from 'firebase-admin/firestore';
import {
  expectNoAxeViolations,
  firestore,
  screenshotAtBothSizes,
  signInOnLoginPage,
  reservedForAna,
  tidyPlot,
} from './support.ts';

/** "1.234,50 €" as the panel shows a cents figure in Spanish, back to cents. */
const centsOf = (text: string) =>
  Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test('es, desktop: the panel moves live, the ledger finds the gifts and downloads them as CSV', async ({
  page,
  context,
}, testInfo) => {
  await reservedForAna('J30', 4);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/staff?lng=es');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.getByRole('heading', { name: 'Área del personal' })).toBeVisible();
    const transfers = page.getByTestId('panel-money-transfer');
    await expect(transfers).toBeVisible();
    const givenBefore = centsOf((await transfers.locator('td').first().textContent()) ?? '');
    await expect(page.getByTestId('panel-ending')).toContainText('J30');
    await expect(page.getByTestId('panel-plots')).toContainText('Compradas');

    // The treasurer records the rest in another tab; the panel follows without a reload.
    const other = await context.newPage();
    await other.goto('/staff/reservas?lng=es');
    const card = other.getByTestId('reservation-J30');
    await card.getByRole('button', { name: 'Resto pagado por transferencia' }).click();
    await card.getByRole('button', { name: 'Confirmar' }).click();
    await expect(other.getByTestId('reservations-outcome')).toContainText('J30');
    await other.close();
    await expect
      .poll(async () => centsOf((await transfers.locator('td').first().textContent()) ?? ''))
      .toBe(givenBefore + 20_000);
    await expect(page.getByTestId('panel-latest')).toContainText('Pago del resto');
    await expectNoAxeViolations(page);
    // On a tablet, upright and sideways, nothing of the panel runs out of its card.
    for (const size of [
      { width: 768, height: 1024 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      const spilling = await page
        .locator('main section')
        .evaluateAll((cards) =>
          cards
            .filter((card) => card.scrollWidth > card.clientWidth + 1)
            .map((card) => card.getAttribute('aria-labelledby') ?? card.className),
        );
      expect(spilling, `${size.width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshotAtBothSizes(page, testInfo, 'staff-panel-es', () =>
      expect(transfers).toBeVisible(),
    );

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Donativos', exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/donativos$/);
    await page.getByLabel('Buscar').fill('j30');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const totals = page.getByTestId('ledger-totals');
    await expect(totals).toHaveText(
      'Filas: 2 · donado 250,00 € · devuelto o anulado 0,00 € · queda 250,00 €',
    );
    await expect(page.locator('tbody tr').first()).toContainText('Pago del resto · Transferencia');
    // The same rows by the first letters of the donor's surname beside the plot, any case.
    await page.getByLabel('Buscar').fill('GARC j30');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(totals).toHaveText(
      'Filas: 2 · donado 250,00 € · devuelto o anulado 0,00 € · queda 250,00 €',
    );
    await expect(page.locator('tbody tr').first()).toContainText('Ana García');
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-donations-es', () =>
      expect(totals).toBeVisible(),
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('donativos.csv');
    const csv = await readFile(await download.path(), 'utf8');
    // Opened as Excel set to Spanish opens it: UTF-8 by its mark, columns, numbers, dates.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const { rows } = readAsSpanishExcel(csv);
    expect(rows.map((row) => row.tipo)).toEqual(['reserva', 'pago del resto']);
    expect(rows.map((row) => spanishCents(row.importe_eur!))).toEqual([5_000, 20_000]);
    expect(rows.every((row) => spanishDateTime(row.fecha!) !== null)).toBe(true);
    // The file's total is the one on screen.
    expect(ledgerCsvNetCents(csv)).toBe(25_000);
  } finally {
    await tidyPlot('J30');
  }
});

test('ro, phone: the panel and a filtered ledger in her language', async ({ page }, testInfo) => {
  await reservedForAna('J31', 2);
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/staff?lng=ro');
    await signInOnLoginPage(page, DEMO.staff);
    await expect(page.getByRole('heading', { name: 'Bani' })).toBeVisible();
    await page.getByRole('button', { name: 'Anul acesta' }).click();
    await expect(page.getByRole('button', { name: 'Anul acesta' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('panel-ending')).toContainText('J31');
    // A late payment whose refund Stripe has not taken yet shows on top until it is made
    // (issue 40 item 11): kept money with no plot never goes unnoticed.
    const owed = firestore().collection('payments').doc('cs_e2e_refund_owed');
    await owed.set({
      uid: DEMO.ana.uid,
      kind: 'buy',
      cells: ['J31'],
      status: 'refunded',
      amount_cents: 25_000,
      payment_intent: 'pi_e2e_refund_owed',
      paid_at: Timestamp.now(),
      refund_reason: 'plots-taken',
      lost_plots: ['J31'],
      refund_id: null,
      refund_due: true,
    });
    try {
      const refunds = page.getByTestId('panel-refunds-owed');
      await expect(page.getByRole('heading', { name: 'Rambursări datorate' })).toBeVisible();
      await expect(refunds).toContainText('250,00');
      await expect(refunds).toContainText('pi_e2e_refund_owed');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await owed.update({ refund_due: false, refund_id: 're_e2e' });
      await expect(page.getByRole('heading', { name: 'Rambursări datorate' })).toBeHidden();
    } finally {
      await owed.delete();
    }
    // Nothing wider than her phone: the money figures stack under their names.
    await expect(page.getByTestId('panel-money-total')).toContainText('Total');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Donații', exact: true }).click();
    await page.getByLabel('Căutare').fill('J31');
    await page.getByLabel('Tip').selectOption({ label: 'Rezervare' });
    await page.getByRole('button', { name: 'Aplicați' }).click();
    await expect(page.getByTestId('ledger-totals')).toHaveText(
      'Rânduri: 1 · donat 50,00 EUR · rambursat sau anulat 0,00 EUR · rămâne 50,00 EUR',
    );
    await page.getByLabel('Modalitate de plată').selectOption({ label: 'Numerar' });
    await page.getByRole('button', { name: 'Aplicați' }).click();
    await expect(page.getByText('Nicio donație nu corespunde filtrului.')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoAxeViolations(page);
    await screenshotAtBothSizes(page, testInfo, 'staff-donations-ro', () =>
      expect(page.getByTestId('ledger-totals')).toBeVisible(),
    );
  } finally {
    await tidyPlot('J31');
  }
});
