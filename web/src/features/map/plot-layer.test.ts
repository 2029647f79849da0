// @vitest-environment jsdom
import { COLUMN_LETTERS, GRID_ROWS, readCellDocument, type CellWithId } from '@parroquia/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SLICE, nextSliceSize, PlotLayer, drawingChanged, type PlotView } from './plot-layer';

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

const CLASSES = {
  plot: 'plot',
  available: 'available',
  selected: 'selected',
  square: 'square',
  labels: 'labels',
};

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
    expect(plots[0]!.getAttribute('aria-label')).toBe('A1 Disponible');
    expect(plots[0]!.textContent).toBe('');
    // The texts: in the same order, over every square, out of the accessibility tree.
    const texts = group.querySelector('[data-plot-texts]')!;
    expect(texts.getAttribute('aria-hidden')).toBe('true');
    expect([...texts.children].map((label) => label.getAttribute('data-label-for'))).toEqual([
      'A1',
      'A2',
    ]);
    expect([...texts.children].map((label) => label.textContent)).toEqual(['A1', 'A2']);
    expect(group.lastElementChild).toBe(texts);
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

  it('removes the plots no longer given, and stop() removes every plot and text', () => {
    const { layer, group } = layerOf([viewOf(cellOf('A1')), viewOf(cellOf('A2'))]);
    layer.update([viewOf(cellOf('A2'))]);
    expect(
      [...group.querySelectorAll('[data-code]')].map((p) => p.getAttribute('data-code')),
    ).toEqual(['A2']);
    expect(group.querySelector('[data-plot-texts]')!.childElementCount).toBe(1);
    layer.stop();
    expect(group.querySelectorAll('[data-code], text')).toHaveLength(0);
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

describe('PlotLayer slices', () => {
  afterEach(() => vi.useRealTimers());
  /** The first `count` positions of the grid, row by row. */
  const many = (count: number) =>
    Array.from({ length: GRID_ROWS }, (_, row) =>
      [...COLUMN_LETTERS].map((letter) => viewOf(cellOf(`${letter}${row + 1}`))),
    )
      .flat()
      .slice(0, count);

  it('draws a first slice at once, then more a task at a time, in order, until all are drawn', () => {
    vi.useFakeTimers();
    const views = many(936);
    const { layer, group } = layerOf(views);
    const drawn = () => group.querySelectorAll('[data-code]').length;
    expect(drawn()).toBe(FIRST_SLICE);
    const seen = [drawn()];
    for (let task = 0; task < 200 && drawn() < 936; task += 1) {
      vi.advanceTimersToNextTimer();
      seen.push(drawn());
    }
    expect(
      [...group.querySelectorAll('[data-code]')].map((plot) => plot.getAttribute('data-code')),
    ).toEqual(views.map((view) => view.cell.id));
    expect(
      [...group.querySelector('[data-plot-texts]')!.children].map((label) => label.textContent),
    ).toEqual(views.map((view) => view.cell.id));
    // Each task added some plots, never all the rest at once from the start.
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(seen.length).toBeGreaterThan(2);
    layer.stop();
    // jsdom makes 936 plots in 1 to 5 s on a busy 2-core machine (CI ran it out of vitest's
    // 5 s once): this checks the order and the slices, not the speed.
  }, 30_000);

  it('draws a small map at once, and stops when everything is drawn', () => {
    vi.useFakeTimers();
    const { group } = layerOf(many(4));
    expect(group.querySelectorAll('[data-code]')).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("sizes the next slice to the last one's pace, growing at most twofold", () => {
    expect(nextSliceSize(16, 0)).toBe(32);
    expect(nextSliceSize(100, 1)).toBe(200);
    expect(nextSliceSize(100, 10)).toBe(50);
    expect(nextSliceSize(100, 1000)).toBe(16);
    expect(nextSliceSize(300, 1)).toBe(400);
  });
});
