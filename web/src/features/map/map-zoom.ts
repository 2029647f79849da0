/**
 * Zoom and pan of the map (docs/screens.md). The map scrolls natively inside its frame (one
 * finger, scroll bars, the keyboard's focus all pan it, and every plot can be scrolled into
 * view); zooming resizes the drawing and keeps the point under the pointer where it was. Done on
 * the DOM, outside React: a zoom step repaints the drawing, never re-renders the 936 plots.
 *
 * Mouse: drag to pan, Ctrl (or ⌘) + wheel to zoom (a trackpad's pinch arrives as that too).
 * Keyboard and buttons: `zoomBy`, `reset`, `fit`.
 *
 * Touch (docs/screens.md): the map opens fitted, the whole church in view, and then one finger
 * scrolls the page (the frame says `data-fitted`, and its CSS lets the swipe through); two
 * fingers pinch. A tap on plots too small for a finger zooms in about it instead of choosing
 * one. Zoomed in (`data-touch-zoomed`), a tap chooses, one finger still scrolls the page up and
 * down (a map as tall as most of the screen would otherwise trap her swipes) and pans the map
 * sideways, and two fingers move the map any way while they pinch.
 */
import { MAP_HEIGHT_PX, MAP_WIDTH_PX, PLOT_SIZE_PX } from '@parroquia/domain';
import { touchFirst } from '@/lib/pointer';

/** At this zoom the plots' captions (12 map units) are at least 11 px on screen. */
export const MIN_READABLE_ZOOM = 0.92;
export const MAX_ZOOM = 3;
/**
 * Below this zoom a plot's code is under 7 px on screen, too small for anyone to read: the frame
 * says `data-overview` and its CSS leaves the plots' texts out of the layout. On a phone the map
 * opens fitted, far below it: 936 texts nobody can read need not be laid out and painted.
 */
export const MIN_TEXT_ZOOM = 0.5;
/** The default zoom fits the plan's width when the frame allows, never below readable. */
const MAX_DEFAULT_ZOOM = 1.1;
export const ZOOM_STEP = 1.25;
/** A mouse moved further than this while pressed pans instead of clicking. */
const DRAG_THRESHOLD_PX = 5;
/** The smallest target a finger hits surely (docs/screens.md): a smaller plot is zoomed to first. */
export const FINGER_PX = 44;

interface Point {
  x: number;
  y: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export class MapZoom {
  scale = 1;
  /** Zoomed out as far as it goes, as of the last zoom (read by the buttons' renders). */
  fitted = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly frame: HTMLElement,
    private readonly drawing: SVGSVGElement,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getScale = (): number => this.scale;

  /** The frame's inner size, without its padding and scroll bars. */
  private room(): { width: number; height: number } {
    const style = getComputedStyle(this.frame);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    return {
      width: Math.max(1, this.frame.clientWidth - (padX || 0)),
      height: Math.max(1, this.frame.clientHeight - (padY || 0)),
    };
  }

  defaultScale(): number {
    return clamp(this.room().width / MAP_WIDTH_PX, MIN_READABLE_ZOOM, MAX_DEFAULT_ZOOM);
  }

  /** Zoomed out as far as the whole plan in the frame (or the readable zoom, if smaller). */
  minScale(): number {
    const { width, height } = this.room();
    return Math.min(MIN_READABLE_ZOOM, width / MAP_WIDTH_PX, height / MAP_HEIGHT_PX);
  }

  /**
   * The first sizing, before the drawing is ever laid out: it stays out of the layout
   * (`display: none` until `data-sized`) while the frame is measured, so its 936 plots' texts
   * are laid out once, at their size, not at 1300 px first and again after the zoom.
   */
  start(): void {
    // The frame is measured once (a layout forced in the map's first commit costs a phone
    // tens of milliseconds each time), and a fitted plan needs no scrolling to its centre.
    const min = this.minScale();
    const scale = touchFirst() ? min : this.defaultScale();
    this.scale = scale;
    this.drawing.style.width = `${MAP_WIDTH_PX * scale}px`;
    this.drawing.style.height = `${MAP_HEIGHT_PX * scale}px`;
    this.drawing.dataset.sized = 'true';
    const fitted = scale <= min + 0.001;
    if (!fitted) this.frame.scrollLeft = (this.frame.scrollWidth - this.frame.clientWidth) / 2;
    this.changed(fitted);
  }

  /** The whole plan is in the frame: nothing of it to pan, so a swipe may move the page. */
  isFitted(): boolean {
    return this.scale <= this.minScale() + 0.001;
  }

  /** Tells the frame's CSS and the listeners (the zoom buttons) the new zoom. */
  private changed(fitted = this.isFitted()): void {
    this.fitted = fitted;
    if (this.fitted) this.frame.dataset.fitted = 'true';
    else delete this.frame.dataset.fitted;
    if (!this.fitted && touchFirst()) this.frame.dataset.touchZoomed = 'true';
    else delete this.frame.dataset.touchZoomed;
    if (this.scale < MIN_TEXT_ZOOM) this.frame.dataset.overview = 'true';
    else delete this.frame.dataset.overview;
    for (const listener of this.listeners) listener();
  }

  /** The zoom at which a plot is big enough for a finger (and its caption readable). */
  private fingerScale(): number {
    return Math.max(this.defaultScale(), FINGER_PX / PLOT_SIZE_PX);
  }

  /** The default zoom, scrolled to the plan's horizontal centre and its top (the altar). */
  reset(): void {
    this.zoomTo(this.defaultScale());
    this.frame.scrollLeft = (this.frame.scrollWidth - this.frame.clientWidth) / 2;
    this.frame.scrollTop = 0;
  }

  /** The whole plan in view. */
  fit(): void {
    this.zoomTo(this.minScale());
  }

  zoomBy(factor: number, focus?: Point): void {
    this.zoomTo(this.scale * factor, focus);
  }

  /** Zooms to `scale` keeping the map point under `focus` (client coordinates) in place. */
  zoomTo(scale: number, focus?: Point): void {
    const next = clamp(scale, this.minScale(), MAX_ZOOM);
    const frameBox = this.frame.getBoundingClientRect();
    const at = focus ?? {
      x: frameBox.left + frameBox.width / 2,
      y: frameBox.top + frameBox.height / 2,
    };
    const before = this.drawing.getBoundingClientRect();
    const mapX = (at.x - before.left) / this.scale;
    const mapY = (at.y - before.top) / this.scale;
    this.scale = next;
    this.drawing.style.width = `${MAP_WIDTH_PX * next}px`;
    this.drawing.style.height = `${MAP_HEIGHT_PX * next}px`;
    const after = this.drawing.getBoundingClientRect();
    this.frame.scrollLeft += after.left + mapX * next - at.x;
    this.frame.scrollTop += after.top + mapY * next - at.y;
    this.changed();
  }

  /** Wheel, mouse drag and pinch on the frame; answers the function that removes them. */
  attach(): () => void {
    const { frame } = this;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return; // a plain wheel scrolls the map
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      this.zoomBy(Math.exp(-delta * 0.002), { x: event.clientX, y: event.clientY });
    };

    let drag: {
      id: number;
      x: number;
      y: number;
      left: number;
      top: number;
      moved: boolean;
    } | null = null;
    let swallowClick = false;
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      drag = {
        id: event.pointerId,
        x: event.clientX,
        y: event.clientY,
        left: frame.scrollLeft,
        top: frame.scrollTop,
        moved: false,
      };
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      if (!drag.moved) {
        drag.moved = true;
        frame.setPointerCapture(event.pointerId);
        frame.dataset.panning = 'true';
      }
      frame.scrollLeft = drag.left - dx;
      frame.scrollTop = drag.top - dy;
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.id) return;
      // A drag ends with a click on whatever is under the pointer: that click is not a choice.
      swallowClick = drag.moved;
      delete frame.dataset.panning;
      drag = null;
    };
    const onClickCapture = (event: MouseEvent) => {
      const pointer = (event as PointerEvent).pointerType;
      const finger = pointer === 'touch' || pointer === 'pen';
      if (finger && this.scale * PLOT_SIZE_PX < FINGER_PX) {
        // Plots smaller than a fingertip: this tap zooms in about itself, the next one chooses.
        event.stopPropagation();
        event.preventDefault();
        this.zoomTo(this.fingerScale(), { x: event.clientX, y: event.clientY });
        return;
      }
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    };

    let pinch: { distance: number; scale: number; centre: Point } | null = null;
    const spread = (touches: TouchList) => {
      const [a, b] = [touches[0]!, touches[1]!];
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        centre: { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 },
      };
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      const { distance, centre } = spread(event.touches);
      pinch = { distance: distance || 1, scale: this.scale, centre };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const { distance, centre } = spread(event.touches);
      // The map follows the fingers' middle, then zooms about it.
      frame.scrollLeft -= centre.x - pinch.centre.x;
      frame.scrollTop -= centre.y - pinch.centre.y;
      pinch.centre = centre;
      this.zoomTo(pinch.scale * (distance / pinch.distance), centre);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };

    frame.addEventListener('wheel', onWheel, { passive: false });
    frame.addEventListener('pointerdown', onPointerDown);
    frame.addEventListener('pointermove', onPointerMove);
    frame.addEventListener('pointerup', onPointerUp);
    frame.addEventListener('pointercancel', onPointerUp);
    frame.addEventListener('click', onClickCapture, true);
    frame.addEventListener('touchstart', onTouchStart, { passive: true });
    frame.addEventListener('touchmove', onTouchMove, { passive: false });
    frame.addEventListener('touchend', onTouchEnd);
    frame.addEventListener('touchcancel', onTouchEnd);
    return () => {
      frame.removeEventListener('wheel', onWheel);
      frame.removeEventListener('pointerdown', onPointerDown);
      frame.removeEventListener('pointermove', onPointerMove);
      frame.removeEventListener('pointerup', onPointerUp);
      frame.removeEventListener('pointercancel', onPointerUp);
      frame.removeEventListener('click', onClickCapture, true);
      frame.removeEventListener('touchstart', onTouchStart);
      frame.removeEventListener('touchmove', onTouchMove);
      frame.removeEventListener('touchend', onTouchEnd);
      frame.removeEventListener('touchcancel', onTouchEnd);
    };
  }
}
