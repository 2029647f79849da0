import {
  availableCell,
  readCellDocument,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, togglePlot, type PlotSelection } from '../selection';
import { PlotMap } from './plot-map';

const NOW = Date.UTC(2026, 0, 10);

function cellOf(id: string, data: Record<string, unknown> = { status: 'available' }): CellWithId {
  const reading = readCellDocument(id, data);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.cell;
}

const CELLS = new Map<string, CellWithId>(
  [
    cellOf('A1'),
    cellOf('A2', { status: 'bought', user: 'other', donor_display: 'Ana García' }),
    cellOf('B1', { status: 'reserved', user: 'me', donor_display: 'Yo Mismo' }),
    cellOf('B2', { status: 'reserved', user: 'other', donor_display: 'PVN4W8RT' }),
  ].map((cell) => [cell.id, cell]),
);

function Harness({ mode = 'donor' as const }: { mode?: 'donor' | 'staff' }) {
  const [selection, setSelection] = useState<PlotSelection>(EMPTY_SELECTION);
  return (
    <>
      <PlotMap
        cells={CELLS}
        selection={selection}
        onToggle={(code: string, kind: SelectionKind) =>
          setSelection((s) => togglePlot(s, code, kind))
        }
        mode={mode}
        uid="me"
        now={NOW}
      />
      <output data-testid="selection">
        {[...selection.purchase].join(',')}|{[...selection.completion].join(',')}
      </output>
    </>
  );
}

const plot = (code: string) => document.querySelector<SVGGElement>(`[data-code="${code}"]`)!;

/** The plot's name from its content as a screen reader gets it: its texts but aria-hidden ones. */
const nameOf = (code: string) =>
  [...plot(code).querySelectorAll('text')]
    .filter((text) => !text.closest('[aria-hidden="true"]'))
    .map((text) => text.textContent)
    .join(' ');

describe('PlotMap', () => {
  it('names each plot by code, state and donor; shows available plots by code only', () => {
    render(<Harness />);
    expect(nameOf('A1')).toBe('A1 Disponible');
    expect(nameOf('A2')).toBe('A2 Ana García (Comprada)');
    expect(nameOf('B1')).toBe('B1 Yo Mismo (Reservada, tuya)');
    expect(nameOf('B2')).toBe('B2 PVN4W8RT (Reservada)');
    // On the map: the code alone for an available plot, the donor on readable lines otherwise.
    const visible = (code: string) =>
      [...plot(code).querySelectorAll('text[aria-hidden="true"]')]
        .map((text) => text.textContent)
        .join('|');
    expect(visible('A1')).toBe('A1');
    expect(visible('A2')).toBe('A2|AnaGarcía');
    expect(plot('A1').getAttribute('role')).toBe('button');
    expect(plot('A2').getAttribute('aria-disabled')).toBe('true');
    expect(plot('B1').dataset.own).toBe('true');
  });

  it('clicks toggle available plots and own reservations into their selections; others do nothing', () => {
    render(<Harness />);
    fireEvent.click(plot('A1'));
    fireEvent.click(plot('B1'));
    fireEvent.click(plot('A2'));
    fireEvent.click(plot('B2'));
    expect(screen.getByTestId('selection').textContent).toBe('A1|B1');
    expect(plot('A1').getAttribute('aria-pressed')).toBe('true');
    expect(nameOf('A1')).toBe('A1 Disponible (seleccionada)');
    fireEvent.click(plot('A1'));
    expect(screen.getByTestId('selection').textContent).toBe('|B1');
  });

  it('arrow keys move the focus between plots and Space or Enter selects', () => {
    render(<Harness />);
    expect(plot('A1').getAttribute('tabindex')).toBe('0');
    expect(plot('B1').getAttribute('tabindex')).toBe('-1');
    plot('A1').focus();
    fireEvent.keyDown(plot('A1'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(plot('B1'));
    expect(plot('B1').getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(plot('B1'), { key: 'Enter' });
    fireEvent.keyDown(plot('B1'), { key: 'ArrowLeft' });
    fireEvent.keyDown(plot('A1'), { key: ' ' });
    expect(screen.getByTestId('selection').textContent).toBe('A1|B1');
    fireEvent.keyDown(plot('A1'), { key: 'ArrowUp' }); // no row 0: stays
    expect(document.activeElement).toBe(plot('A1'));
  });

  it('on the staff page only available plots are selectable', () => {
    render(<Harness mode="staff" />);
    fireEvent.click(plot('B1'));
    fireEvent.click(plot('A1'));
    expect(screen.getByTestId('selection').textContent).toBe('A1|');
  });

  it('a lapsed hold shows as available', () => {
    const held = cellOf('C1', {
      status: 'held',
      user: 'x',
      hold: { session_id: 'cs', kind: 'buy', expires_at: NOW - 1000 },
    });
    render(
      <PlotMap
        cells={new Map([['C1', held]])}
        selection={EMPTY_SELECTION}
        onToggle={() => {}}
        mode="donor"
        uid="me"
        now={NOW}
      />,
    );
    expect(plot('C1').dataset.status).toBe('available');
    expect(availableCell({ x: 'C', y: 1 }).status).toBe('available');
  });
});
