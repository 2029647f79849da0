/**
 * Which plot the details popover is about, and why (hovered, focused or tapped). A tiny store
 * outside React state, so hovering across the map re-renders the popover and never the plots.
 */
export type ShownBecause = 'hover' | 'focus' | 'tap';

export interface ActivePlot {
  code: string;
  because: ShownBecause;
}

export class ActivePlotStore {
  private active: ActivePlot | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): ActivePlot | null => this.active;

  show(code: string, because: ShownBecause): void {
    if (this.active?.code === code && this.active.because === because) return;
    this.active = { code, because };
    this.emit();
  }

  /** Hides it if it was shown for `because` (any reason when not given). */
  hide(because?: ShownBecause): void {
    if (!this.active || (because && this.active.because !== because)) return;
    this.active = null;
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
