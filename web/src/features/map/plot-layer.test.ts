// @vitest-environment jsdom
import { readCellDocument, type CellWithId } from '@parroquia/domain';
import { describe, expect, it, vi } from 'vitest';
import { PlotLayer, drawingChanged, type PlotView } from './plot-layer';

function cellOf(id: string, data: Record<string, unknown> = { status: 'available' }): CellWithId {
  const reading = readCellDocument(id, data);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.cell;
}

const viewOf = (cell: CellWithId, extra: Partial<PlotView> = {}): PlotView => ({
  cell,
  status: cell.status,
  donor: null,
  caption: 'Disponible',
  details: '',
  selectable: true,
  selected: false,
  own: false,
  focusable: false,
  ...extra,
});

const CLASSES = { plot: 'plot', available: 'available', selected: 'selected', square: 'square' };

function layerOf(views: PlotView[]) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  const group = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  svg.append(group);
  document.body.append(svg);
  const layer = new PlotLayer(group, CLASSES);
  layer.update(views);
  return { layer, group };
}

describe('PlotLayer', () => {
  it('draws each plot with the DOM contract of the map, in the order given', () => {
    const a1 = cellOf('A1');
    const { group } = layerOf([viewOf(a1, { focusable: true }), viewOf(cellOf('A2'))]);
    const plots = [...group.querySelectorAll('[data-code]')];
    expect(plots.map((plot) => plot.getAttribute('data-code'))).toEqual(['A1', 'A2']);
    expect(plots[0]!.getAttribute('role')).toBe('button');
    expect(plots[0]!.getAttribute('tabindex')).toBe('0');
    expect(plots[1]!.getAttribute('tabindex')).toBe('-1');
    expect(plots[0]!.getAttribute('aria-pressed')).toBe('false');
    expect(plots[0]!.getAttribute('class')).toContain('available');
    expect(plots[0]!.lastElementChild!.textContent).toBe('A1 Disponible');
  });

  it('patches only the plots whose view changed, in place (the focused plot keeps its element)', () => {
    const a1 = cellOf('A1');
    const a2 = cellOf('A2');
    const { layer, group } = layerOf([viewOf(a1), viewOf(a2)]);
    const [first, second] = [...group.querySelectorAll('[data-code]')];
    const secondSquare = second!.firstElementChild;
    layer.update([viewOf(a1, { selected: true, details: 'seleccionada' }), viewOf(a2)]);
    const [firstAfter, secondAfter] = [...group.querySelectorAll('[data-code]')];
    expect(firstAfter).toBe(first);
    expect(secondAfter).toBe(second);
    expect(first!.getAttribute('data-selected')).toBe('true');
    expect(first!.getAttribute('aria-pressed')).toBe('true');
    expect(second!.firstElementChild).toBe(secondSquare);
    layer.update([viewOf(a1), viewOf(a2)]);
    expect(first!.hasAttribute('data-selected')).toBe(false);
  });

  it('removes the plots no longer given, and stop() empties the group', () => {
    const { layer, group } = layerOf([viewOf(cellOf('A1')), viewOf(cellOf('A2'))]);
    layer.update([viewOf(cellOf('A2'))]);
    expect(
      [...group.querySelectorAll('[data-code]')].map((p) => p.getAttribute('data-code')),
    ).toEqual(['A2']);
    layer.stop();
    expect(group.childElementCount).toBe(0);
  });

  it('draws a plot that appears among drawn ones once, and still patches the ones after it', () => {
    vi.useFakeTimers();
    const a1 = cellOf('A1');
    const a3 = cellOf('A3');
    const { layer, group } = layerOf([viewOf(a1), viewOf(a3)]);
    layer.update([viewOf(a1), viewOf(cellOf('A2')), viewOf(a3, { own: true })]);
    vi.runAllTimers();
    vi.useRealTimers();
    const codes = [...group.querySelectorAll('[data-code]')].map((p) =>
      p.getAttribute('data-code'),
    );
    expect(codes.sort()).toEqual(['A1', 'A2', 'A3']);
    expect(group.querySelector('[data-code="A3"]')!.getAttribute('data-own')).toBe('true');
  });

  it('says a drawing changed on a new cell object or any shown value, not on the tab stop', () => {
    const view = viewOf(cellOf('A1'));
    expect(drawingChanged(view, { ...view, focusable: true })).toBe(false);
    expect(drawingChanged(view, { ...view, cell: { ...view.cell } })).toBe(true);
    expect(drawingChanged(view, { ...view, own: true })).toBe(true);
    expect(drawingChanged(view, { ...view, caption: 'Ana' })).toBe(true);
  });
});
