/** A request naming plots: `{ celdas: [{ x, y }] }` for payments, plot codes for staff. */
import { isPlotPosition, type PlotPosition } from './grid';
import { MESSAGES } from './messages';
import { formatPlotCode, tryParsePlotCode } from './plot-code';
import { invalid, isRecord, valid, type Validation } from './validation';

/** No real donor picks more at once; a bound keeps one request's transaction small. */
export const MAX_PLOTS_PER_REQUEST = 50;

/** The list of `{ x, y }` plots of a payment request; non-empty, valid, without repeats. */
export function validatePlotSelection(celdas: unknown): Validation<PlotPosition[]> {
  if (!Array.isArray(celdas)) return invalid(MESSAGES.selectionMalformed);
  return collectPlots(celdas, (item) => (isPlotPosition(item) ? { x: item.x, y: item.y } : null));
}

/** The body of the three payment routes. */
export function validatePaymentRequest(body: unknown): Validation<PlotPosition[]> {
  if (!isRecord(body)) return invalid(MESSAGES.selectionMalformed);
  return validatePlotSelection(body.celdas);
}

/** A list of plot codes such as `["K3", "K4"]`, as the staff form sends them. */
export function validatePlotCodeList(codes: unknown): Validation<PlotPosition[]> {
  if (!Array.isArray(codes)) return invalid(MESSAGES.selectionMalformed);
  return collectPlots(codes, tryParsePlotCode);
}

function collectPlots(
  items: readonly unknown[],
  toPlot: (item: unknown) => PlotPosition | null,
): Validation<PlotPosition[]> {
  if (items.length === 0) return invalid(MESSAGES.selectionEmpty);
  if (items.length > MAX_PLOTS_PER_REQUEST) {
    return invalid(MESSAGES.selectionTooLarge(MAX_PLOTS_PER_REQUEST));
  }
  const seen = new Set<string>();
  const plots: PlotPosition[] = [];
  for (const item of items) {
    const plot = toPlot(item);
    if (!plot) return invalid(MESSAGES.plotInvalid(describe(item)));
    const code = formatPlotCode(plot);
    if (seen.has(code)) return invalid(MESSAGES.plotRepeated(code));
    seen.add(code);
    plots.push(plot);
  }
  return valid(plots);
}

/** A short, safe rendering of what the client sent, for the error message. */
function describe(item: unknown): string {
  const text = typeof item === 'string' ? item : (JSON.stringify(item) ?? String(item));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
