// @vitest-environment jsdom
import {
  availableCell,
  readCellDocument,
  type CellWithId,
  type SelectionKind,
} from '@parroquia/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { EMPTY_SELECTION, togglePlot, type PlotSelection } from '../selection';
import { ChurchFloorPlan } from './church-floor-plan';
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

/** The map of `cells` alone, nothing selected, as a donor sees it. */
const renderMap = (cells: CellWithId[]) =>
  render(
    <PlotMap
      cells={new Map(cells.map((cell) => [cell.id, cell]))}
      selection={EMPTY_SELECTION}
      onToggle={() => {}}
      mode="donor"
      uid="me"
      now={NOW}
    />,
  );

const plot = (code: string) => document.querySelector<SVGGElement>(`[data-code="${code}"]`)!;

/** The plot's accessible name: its `aria-label`, as it holds no text of its own. */
const nameOf = (code: string) => {
  expect(plot(code).textContent).toBe('');
  return plot(code).getAttribute('aria-label');
};
/** The plot's texts on the map, out of the accessibility tree, line by line. */
const textsOf = (code: string) => {
  const label = document.querySelector(`[data-label-for="${code}"]`)!;
  expect(label.closest('[aria-hidden="true"]')).not.toBeNull();
  return [...label.querySelectorAll('text')].map((text) => text.textContent).join('|');
};

describe('PlotMap', () => {
  it('names each plot by code, state and donor; shows available plots by code only', () => {
    render(<Harness />);
    expect(nameOf('A1')).toBe('A1 Disponible');
    expect(nameOf('A2')).toBe('A2 Ana García (Comprada)');
    expect(nameOf('B1')).toBe('B1 Yo Mismo (Reservada, tuya)');
    expect(nameOf('B2')).toBe('B2 PVN4W8RT (Reservada)');
    // On the map: the code alone for an available plot, the donor on readable lines otherwise.
    expect(textsOf('A1')).toBe('A1');
    expect(textsOf('A2')).toBe('A2|AnaGarcía');
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
    renderMap([held]);
    expect(plot('C1').dataset.status).toBe('available');
    expect(availableCell({ x: 'C', y: 1 }).status).toBe('available');
  });

  it("names the church's parts on the plan in the page's language, hidden from screen readers", async () => {
    render(<Harness />);
    const names = () =>
      [...document.querySelectorAll('[data-zone-label]')].map((text) => text.textContent);
    expect(names()).toEqual(['Altar', 'Iconostasio', 'Nave', 'Nártex', 'Entrada']);
    const labels = document.querySelector('[data-zone-label]')!.closest('g')!;
    expect(labels.getAttribute('aria-hidden')).toBe('true');
    // Drawn after the plots, so that a taken plot never hides a name.
    const lastPlot = [...document.querySelectorAll('[data-code]')].at(-1)!;
    expect(
      lastPlot.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await act(() => i18n.changeLanguage('ro'));
    expect(names()).toEqual(['Altar', 'Catapeteasmă', 'Naos', 'Pronaos', 'Intrare']);
  });

  it('the details say which part of the church the plot is in', async () => {
    renderMap(['L4', 'L20', 'A20'].map((code) => cellOf(code)));
    const details = () => screen.getByTestId('plot-details');
    fireEvent.focus(plot('L4'));
    expect(details().textContent).toContain('En el altar');
    fireEvent.focus(plot('L20'));
    expect(details().textContent).toContain('En la nave');
    fireEvent.focus(plot('A20'));
    expect(details().textContent).toContain('Fuera de la iglesia, en el terreno');
    await act(() => i18n.changeLanguage('ro'));
    expect(details().textContent).toContain('În afara bisericii, pe teren');
  });
});

describe('ChurchFloorPlan', () => {
  it('draws the church in lines when the parish gave no plan of its own', () => {
    render(
      <svg>
        <ChurchFloorPlan image={null} />
      </svg>,
    );
    const drawing = screen.getByTestId('plan-drawing');
    expect(drawing.getAttribute('aria-hidden')).toBe('true');
    expect(drawing.querySelectorAll('path').length).toBeGreaterThan(5);
    expect(document.querySelector('image')).toBeNull();
  });

  it("shows the parish's plan instead, over the whole map, when one is configured", () => {
    render(
      <svg>
        <ChurchFloorPlan image="/assets/church-plan-0123456789.png" />
      </svg>,
    );
    const image = screen.getByTestId('plan-image');
    expect(image.getAttribute('href')).toBe('/assets/church-plan-0123456789.png');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1300', '2100']);
    expect(image.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByTestId('plan-drawing')).toBeNull();
  });
});
