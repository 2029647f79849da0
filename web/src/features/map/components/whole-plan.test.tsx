// @vitest-environment jsdom
import { readCellDocument, type CellWithId } from '@parroquia/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WholePlan } from './whole-plan';

const NOW = Date.UTC(2026, 0, 10);

function cellOf(id: string, data: Record<string, unknown>): CellWithId {
  const reading = readCellDocument(id, data);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.cell;
}

const CELLS = new Map(
  [
    cellOf('A1', { status: 'available' }),
    cellOf('A2', { status: 'bought', user: 'u1', donor_display: 'Ana García' }),
    cellOf('B1', { status: 'reserved', user: 'u2', donor_display: 'PVN4W8RT' }),
    cellOf('B2', {
      status: 'held',
      user: 'u3',
      donor_display: 'Nombre Oculto',
      hold: { session_id: 'cs_1', kind: 'buy', expires_at: NOW + 60_000 },
    }),
  ].map((cell) => [cell.id, cell]),
);

describe('WholePlan', () => {
  it('draws every plot in its state (row by row, as the map), the donor as the map shows it, and nothing to focus or pick', () => {
    const { container } = render(<WholePlan cells={CELLS} now={NOW} label="Plano" />);
    expect(screen.getByRole('group', { name: 'Plano' })).toBeTruthy();
    const plots = [...container.querySelectorAll('[data-code]')];
    expect(
      plots.map((plot) => [plot.getAttribute('data-code'), plot.getAttribute('data-status')]),
    ).toEqual([
      ['A1', 'available'],
      ['B1', 'reserved'],
      ['A2', 'bought'],
      ['B2', 'held'],
    ]);
    for (const plot of plots) {
      expect(plot.getAttribute('tabindex')).toBe('-1');
      expect(plot.getAttribute('aria-disabled')).toBe('true');
    }
    expect(container.querySelector('[data-code="A2"]')!.getAttribute('aria-label')).toContain(
      'Ana García',
    );
    expect(container.querySelector('[data-code="B1"]')!.getAttribute('aria-label')).toContain(
      'PVN4W8RT',
    );
    // A plot being paid for names nobody.
    expect(container.textContent).not.toContain('Nombre Oculto');
  });
});
