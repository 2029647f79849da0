import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import {
  MAX_PLOTS_PER_REQUEST,
  validatePaymentRequest,
  validatePlotCodeList,
  validatePlotSelection,
} from './plot-selection';

describe('plot selection of a payment request', () => {
  it('accepts distinct plots of the grid, keeping their order and only x and y', () => {
    expect(
      validatePaymentRequest({
        celdas: [
          { x: 'K', y: 3 },
          { x: 'A', y: 1, extra: true },
        ],
      }),
    ).toEqual({
      ok: true,
      value: [
        { x: 'K', y: 3 },
        { x: 'A', y: 1 },
      ],
    });
  });

  it('refuses an empty selection', () => {
    expect(validatePaymentRequest({ celdas: [] })).toEqual({
      ok: false,
      error: MESSAGES.selectionEmpty,
    });
    expect(MESSAGES.selectionEmpty).toBe('Selecciona al menos una parcela.');
  });

  it('refuses a body without a list of plots', () => {
    for (const body of [null, 'K3', [], {}, { celdas: 'K3' }, { celdas: { x: 'K', y: 3 } }]) {
      expect(validatePaymentRequest(body)).toEqual({
        ok: false,
        error: MESSAGES.selectionMalformed,
      });
    }
  });

  it.each([
    [{ x: 'Z', y: 1 }],
    [{ x: 'A', y: 0 }],
    [{ x: 'A', y: 40 }],
    [{ x: 'k', y: 3 }],
    [{ x: 'K', y: '3' }],
    [{ x: 'K', y: 3.5 }],
    [{ x: 'K' }],
    ['K3'],
    [null],
  ])('refuses the plot %j', (plot) => {
    const result = validatePlotSelection([{ x: 'A', y: 1 }, plot]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Parcela no válida: /);
  });

  it('refuses the same plot twice in one request', () => {
    expect(
      validatePlotSelection([
        { x: 'K', y: 3 },
        { x: 'B', y: 1 },
        { x: 'K', y: 3 },
      ]),
    ).toEqual({
      ok: false,
      error: 'Parcela repetida: K3.',
    });
  });

  it(`accepts up to ${MAX_PLOTS_PER_REQUEST} plots and refuses more`, () => {
    const plots = Array.from({ length: MAX_PLOTS_PER_REQUEST + 1 }, (_, i) => ({
      x: i < 39 ? 'A' : 'B',
      y: (i % 39) + 1,
    }));
    expect(validatePlotSelection(plots.slice(0, MAX_PLOTS_PER_REQUEST)).ok).toBe(true);
    expect(validatePlotSelection(plots)).toEqual({
      ok: false,
      error: 'No se pueden seleccionar más de 50 parcelas a la vez.',
    });
  });

  it('keeps a long garbage value out of the message', () => {
    const result = validatePlotSelection(['x'.repeat(1000)]);
    expect(!result.ok && result.error.length).toBeLessThan(80);
  });
});

describe('plot code list (staff form)', () => {
  it('turns codes into plots', () => {
    expect(validatePlotCodeList(['K3', 'X39'])).toEqual({
      ok: true,
      value: [
        { x: 'K', y: 3 },
        { x: 'X', y: 39 },
      ],
    });
  });

  it('refuses bad or repeated codes', () => {
    expect(validatePlotCodeList(['K3', 'K03'])).toEqual({
      ok: false,
      error: 'Parcela no válida: K03.',
    });
    expect(validatePlotCodeList(['K3', 'K3'])).toEqual({
      ok: false,
      error: 'Parcela repetida: K3.',
    });
    expect(validatePlotCodeList([])).toEqual({ ok: false, error: MESSAGES.selectionEmpty });
  });
});
