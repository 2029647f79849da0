/**
 * A selection handed from the cancel page back to the map (issue 19): the donor who cancelled
 * returns to the map with the same plots picked, as far as they are still free.
 */
import type { PlotSelection } from './selection';

const KEY = 'parroquia.selection-to-restore';

export function rememberSelectionToRestore(kind: keyof PlotSelection, plots: readonly string[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ kind, plots }));
  } catch {
    // Storage may be off (private mode): the donor picks the plots again.
  }
}

/**
 * The remembered selection, if any. Reading it does not forget it (`forgetSelectionToRestore`
 * does, once the map has shown it): a render React throws away, as when part of the map is
 * still downloading, must find it again.
 */
export function selectionToRestore(): PlotSelection | null {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!stored) return null;
  try {
    const { kind, plots } = JSON.parse(stored) as { kind?: unknown; plots?: unknown };
    if ((kind !== 'purchase' && kind !== 'completion') || !Array.isArray(plots)) return null;
    const codes = new Set(plots.filter((plot): plot is string => typeof plot === 'string'));
    return kind === 'purchase'
      ? { purchase: codes, completion: new Set() }
      : { purchase: new Set(), completion: codes };
  } catch {
    return null;
  }
}

export function forgetSelectionToRestore(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage off: there was nothing to forget.
  }
}
