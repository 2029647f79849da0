/**
 * The map's 936 plots, drawn by the DOM rather than by React (docs/architecture.md, "936 plots,
 * drawn outside React"): the layer owns one `<g>` and creates each plot's SVG elements once, in
 * reading order, a time-boxed slice a task; on each update it patches only the plots whose view
 * changed (the cell object by identity, and the words, selection, own-ness and tab stop as
 * values), like the memoised component it replaces. Each plot is a `<g data-code data-status
 * data-selected data-own role="button" tabindex aria-pressed aria-disabled aria-label>` with its
 * square (and marks), in the layer's first group; its visible code and caption lines are in the
 * second, `aria-hidden`, drawn over every square. The button holds no text, so its name is its
 * `aria-label` alone and the name cut into lines on the map cannot disagree with it (WCAG's
 * label-in-name); and no invisible text is laid out for each plot.
 */
import { plotPixelBox, type CellStatus, type CellWithId } from '@parroquia/domain';
import { captionLines } from './caption-lines';

export const FIRST_SLICE = 40;
/** Well under the 50 ms after which a task counts as blocking, on a 4x slower phone too. */
const SLICE_MS = 5;
const MIN_SLICE = 16;
const MAX_SLICE = 400;

/**
 * The next slice's size from the last one's: as many plots as fit in SLICE_MS at the last one's
 * pace, but never more than twice as many. A slice that ran fast (warm code, plots without names)
 * said little of the next rows (taken plots with their donors' names cost more): growing from it
 * at once made slices of 20 ms on Lighthouse's trace, 80 ms of a 4x slower phone.
 */
export function nextSliceSize(size: number, tookMs: number): number {
  const atPace = (size * SLICE_MS) / Math.max(tookMs, 0.1);
  return Math.round(Math.min(MAX_SLICE, size * 2, Math.max(MIN_SLICE, atPace)));
}

/** What one plot shows: computed by the map for each plot on each update (cheap, no DOM). */
export interface PlotView {
  cell: CellWithId;
  /** The status to show (a lapsed hold shows as available). */
  status: CellStatus;
  /** The donor's display, when it may be shown. */
  donor: string | null;
  caption: string;
  /** Read by screen readers after the code and caption (state, "yours", "selected"). */
  details: string;
  selectable: boolean;
  selected: boolean;
  own: boolean;
  focusable: boolean;
}

/** The CSS module's class names the plots use (plot-map.module.css). */
export type PlotClasses = Readonly<Record<string, string>>;

const SVG = 'http://www.w3.org/2000/svg';

/** Whether the plot's drawing must be made again (everything but the tab stop). */
export function drawingChanged(before: PlotView, after: PlotView): boolean {
  return (
    before.cell !== after.cell ||
    before.status !== after.status ||
    before.donor !== after.donor ||
    before.caption !== after.caption ||
    before.details !== after.details ||
    before.selectable !== after.selectable ||
    before.selected !== after.selected ||
    before.own !== after.own
  );
}

interface Drawn {
  element: SVGGElement;
  /** The plot's visible texts, in the labels' group. */
  label: SVGGElement;
  view: PlotView;
}

export class PlotLayer {
  private readonly drawn = new Map<string, Drawn>();
  private views: readonly PlotView[] = [];
  /** How many of `views` (in their order) have their elements. */
  private count = 0;
  private slice: number = 16;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  /** The plots (the buttons), then their texts over them. */
  private readonly squares: SVGGElement;
  private readonly labels: SVGGElement;

  constructor(
    private readonly group: SVGGElement,
    private readonly classes: PlotClasses,
  ) {
    this.squares = document.createElementNS(SVG, 'g');
    this.labels = document.createElementNS(SVG, 'g');
    setAttributes(this.labels, {
      class: classes.labels,
      'data-plot-texts': 'true',
      'aria-hidden': 'true',
    });
    group.replaceChildren(this.squares, this.labels);
  }

  /**
   * Shows these plots, in this order (reading order). Drawn plots are patched where their view
   * changed; a first slice is drawn now, the rest a slice a task.
   */
  update(views: readonly PlotView[]): void {
    this.views = views;
    const codes = new Set<string>();
    for (const view of views) codes.add(view.cell.id);
    for (const [code, drawn] of this.drawn) {
      if (!codes.has(code)) {
        drawn.element.remove();
        drawn.label.remove();
        this.drawn.delete(code);
      }
    }
    // Drawn plots are the first ones of the list (a plot that appeared among them is drawn with
    // the next slice, at the end of the group).
    let count = 0;
    let prefix = true;
    for (const view of views) {
      const drawn = this.drawn.get(view.cell.id);
      if (!drawn) {
        prefix = false;
        continue;
      }
      if (prefix) count += 1;
      // Patched in place, never replaced: the focused plot keeps the focus when it toggles.
      if (drawingChanged(drawn.view, view)) this.paint(drawn, view);
      else if (drawn.view.focusable !== view.focusable) {
        drawn.element.setAttribute('tabindex', view.focusable ? '0' : '-1');
      }
      drawn.view = view;
    }
    this.count = count;
    if (this.count === 0) this.draw(FIRST_SLICE);
    else this.schedule();
  }

  /** Is called after each slice drawn (a plot to reveal may have just appeared). */
  onDrawn(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Stops drawing and removes the plots (a layer made again on the group starts afresh). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
    this.drawn.clear();
    this.views = [];
    this.count = 0;
    this.squares.replaceChildren();
    this.labels.replaceChildren();
  }

  private schedule(): void {
    if (this.timer !== null || this.count >= this.views.length) return;
    // A task, not a frame: waiting for each frame made the map take four times longer on a phone.
    this.timer = setTimeout(() => {
      this.timer = null;
      const started = performance.now();
      const size = this.slice;
      this.draw(size);
      this.slice = nextSliceSize(size, performance.now() - started);
    });
  }

  /** Appends the next `size` plots at the end of the groups, in one fragment each. */
  private draw(size: number): void {
    const end = Math.min(this.views.length, this.count + size);
    const squares = document.createDocumentFragment();
    const labels = document.createDocumentFragment();
    for (let index = this.count; index < end; index += 1) {
      const view = this.views[index]!;
      if (this.drawn.has(view.cell.id)) continue;
      const drawn: Drawn = {
        element: document.createElementNS(SVG, 'g'),
        label: document.createElementNS(SVG, 'g'),
        view,
      };
      this.paint(drawn, view);
      this.drawn.set(view.cell.id, drawn);
      squares.append(drawn.element);
      labels.append(drawn.label);
    }
    this.squares.append(squares);
    this.labels.append(labels);
    this.count = end;
    for (const listener of this.listeners) listener();
    this.schedule();
  }

  /** Sets one plot's attributes and makes its children, and its texts'. */
  private paint({ element: group, label }: Drawn, view: PlotView): void {
    const css = this.classes;
    const { cell, status, donor, caption, details, selectable, selected, own } = view;
    const code = cell.id;
    const box = plotPixelBox(cell);
    const centreX = box.left + box.width / 2;
    const centreY = box.top + box.height / 2;
    const right = box.left + box.width;
    const lines = donor ? captionLines(caption) : [];

    const states = [css[status], own ? css.own : '', selected ? css.selected : ''];
    setAttributes(group, {
      'data-code': code,
      'data-status': status,
      'data-selected': selected ? 'true' : null,
      'data-own': own ? 'true' : null,
      'data-named': lines.length > 0 ? 'true' : null,
      class: [css.plot, ...states, selectable ? css.selectable : ''].join(' '),
      role: 'button',
      tabindex: view.focusable ? '0' : '-1',
      'aria-pressed': selectable ? String(selected) : null,
      'aria-disabled': selectable ? null : 'true',
      'aria-label': `${code} ${caption}${details ? ` (${details})` : ''}`,
    });
    // The texts grow with a selected plot, about the plot's centre (not their own).
    setAttributes(label, {
      'data-label-for': code,
      class: [css.plot, css.label, ...states].join(' '),
      style: `transform-origin: ${centreX}px ${centreY}px`,
    });
    const children: SVGElement[] = [
      element('rect', {
        x: box.left + 1.5,
        y: box.top + 1.5,
        width: box.width - 3,
        height: box.height - 3,
        rx: 4,
        class: css.square,
      }),
    ];
    if (own) {
      children.push(
        element('path', {
          d: `M${box.left + 2} ${box.top + 2}h16l-16 16z`,
          class: css.ownMark,
          'aria-hidden': 'true',
        }),
      );
    }
    if (selected) {
      const check = element('g', { 'aria-hidden': 'true', class: css.check });
      check.append(
        element('circle', { cx: right - 10, cy: box.top + 10, r: 8 }),
        element('path', { d: `M${right - 14} ${box.top + 10}l3 3l6 -6` }),
      );
      children.push(check);
    }
    group.replaceChildren(...children);

    const codeText = element('text', {
      x: centreX,
      y: lines.length === 0 ? centreY + 5 : box.top + 18,
      class: css.code,
    });
    codeText.textContent = code;
    const texts: SVGElement[] = [codeText];
    if (lines.length > 0) {
      const captionText = element('text', { class: css.caption });
      lines.forEach((line, index) => {
        const span = element('tspan', {
          x: centreX,
          y: box.top + (lines.length === 1 ? 37 : 32) + index * 13,
        });
        span.textContent = line;
        captionText.append(span);
      });
      texts.push(captionText);
    }
    label.replaceChildren(...texts);
  }
}

function element(
  tag: string,
  attributes: Record<string, string | number | null | undefined>,
): SVGElement {
  const created = document.createElementNS(SVG, tag);
  setAttributes(created, attributes);
  return created;
}

/** Sets each attribute, or removes it when its value is null. */
function setAttributes(
  target: Element,
  attributes: Record<string, string | number | null | undefined>,
): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) target.removeAttribute(name);
    else target.setAttribute(name, String(value));
  }
}
