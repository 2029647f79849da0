/**
 * The month's close as printed for the parish council: one A4 page in Spanish or Romanian, the
 * money by way of paying with its total, the plots, the reservations due next month and the
 * refunds owed, every line inside the margins and clear of the others; the largest figures a
 * parish could reach still fit. `CERTIFICATE_PNG_DIR=<folder>` keeps the page as PNG.
 */
import type { MonthClose } from '@parroquia/domain';
import { describe, expect, it } from 'vitest';
import { renderMonthClose } from '../src/pdf/month-close';
import { keepPng, overlappingRuns, runsOutside } from './support/page-checks';
import { renderPdf } from './support/pdf-pages';

const A4 = { width: 595.28, height: 841.89 };
const MARGINS = { left: 50, bottom: 50, right: A4.width - 50, top: A4.height - 50 };
const PRINTED = Date.UTC(2026, 11, 1, 10);

const money = (given: number, refunded: number, voided: number) => ({
  given_cents: given,
  refunded_cents: refunded,
  voided_cents: voided,
  kept_cents: given - refunded - voided,
});

const NOVEMBER: MonthClose = {
  month: '2026-11',
  byMethod: {
    card: money(1_250_000, 25_000, 0),
    cash: money(75_000, 0, 25_000),
    transfer: money(50_000, 0, 0),
  },
  total: money(1_375_000, 25_000, 25_000),
  plots: { bought: 48, reserved: 12, completed: 3, undone: 2 },
  dueNextMonth: { month: '2026-12', reservations: 4, plots: 7, balance_cents: 140_000 },
  refundsOwed: { count: 1, cents: 5_000 },
};

async function printed(close: MonthClose, language: 'es' | 'ro', png: string) {
  const pages = await renderPdf(
    await renderMonthClose({ close, language, printedAt: PRINTED, exportFile: 'donativos.csv' }),
    1.5,
  );
  expect(pages).toHaveLength(1);
  const [page] = pages;
  keepPng(page!, png);
  expect(runsOutside(page!, MARGINS)).toEqual([]);
  expect(overlappingRuns(page!)).toEqual([]);
  return page!.runs.map((run) => run.text);
}

describe("the month's close", () => {
  it('in Spanish: the money by way of paying and its total, plots, what falls due, refunds owed', async () => {
    const lines = await printed(NOVEMBER, 'es', 'cierre-es');
    expect(lines.slice(0, 2)).toEqual([
      'Parroquia Ortodoxa de Asturias',
      'Cierre de noviembre de 2026',
    ]);
    const text = lines.join('\n');
    for (const expected of [
      'Tarjeta',
      '12.500,00 €',
      'Efectivo',
      '750,00 €',
      'Total',
      '13.750,00 €',
      '13.250,00 €',
      '48 parcelas compradas',
      '12 parcelas reservadas con señal',
      'Reservas que vencen en diciembre de 2026',
      '4 reservas, 7 parcelas: quedan por pagar 1400,00 €.',
      '1 pago por devolver: 50,00 €. Stripe aún no ha hecho la devolución.',
      '3 parcelas reservadas pagadas del todo',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('in Romanian, with "de" where Romanian counts need it', async () => {
    const lines = await printed(NOVEMBER, 'ro', 'cierre-ro');
    const text = lines.join('\n');
    expect(lines[1]).toBe('Închiderea lunii noiembrie 2026');
    for (const expected of [
      'Numerar',
      '48 de parcele cumpărate',
      '12 parcele rezervate cu avans',
      'Rezervări care expiră în decembrie 2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('a month with nothing, and one with the largest figures the campaign allows, each on one page', async () => {
    const zero = money(0, 0, 0);
    const empty = await printed(
      {
        ...NOVEMBER,
        byMethod: { card: zero, cash: zero, transfer: zero },
        total: zero,
        plots: { bought: 0, reserved: 0, completed: 0, undone: 0 },
        dueNextMonth: { month: '2026-12', reservations: 0, plots: 0, balance_cents: 0 },
        refundsOwed: { count: 0, cents: 0 },
      },
      'es',
      'cierre-vacio',
    );
    expect(empty).toEqual(expect.arrayContaining(['Ninguna.', 'Ninguno.']));
    // The whole campaign in one way of paying: 936 plots of 250 EUR.
    const large = money(23_400_000, 23_400_000, 999_999);
    await printed(
      {
        ...NOVEMBER,
        byMethod: { card: large, cash: large, transfer: large },
        total: money(70_200_000, 70_200_000, 2_999_997),
      },
      'ro',
      'cierre-grande',
    );
  });
});
