/**
 * The details popover of the plot under the pointer, focused or tapped (docs/screens.md): code
 * and place, the part of the church it is in, state, the donor as the map shows them
 * (`donor_display`, an anonymous donor's code, never a name), the price, and for the donor's own
 * reservation what is left to pay and until when. It never takes the pointer
 * (`pointer-events: none`), so it hides no plot from a click.
 */
import {
  churchZoneOf,
  plotSeenBy,
  PLOT_PRICE_CENTS,
  RESERVATION_BALANCE_CENTS,
  RESERVATION_DEPOSIT_CENTS,
  type CellWithId,
} from '@parroquia/domain';
import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLastDay, formatMoney } from '@/lib/format';
import type { ActivePlotStore } from '../active-plot';
import type { MapZoom } from '../map-zoom';
import { isSelected, selectableAs, type PlotSelection, type SelectionMode } from '../selection';
import styles from './plot-map.module.css';
import { currentLanguage } from '@/lib/i18n';

interface PlotDetailsProps {
  id: string;
  store: ActivePlotStore;
  stage: RefObject<HTMLDivElement | null>;
  frame: RefObject<HTMLDivElement | null>;
  zoom: RefObject<MapZoom | null>;
  cells: ReadonlyMap<string, CellWithId>;
  selection: PlotSelection;
  mode: SelectionMode;
  uid: string | null;
  now: number;
}

const GAP = 8;

/**
 * Scrolls the map so that the plot and the plots next to it clear the docked details
 * (`height` tall, at the top edge when `atTop`), as far as that keeps the row beyond it in view.
 */
function makeRoomBeside(
  scroller: HTMLElement,
  plot: DOMRect,
  view: DOMRect,
  height: number,
  atTop: boolean,
) {
  // The next plot, the gap to it and the check mark a chosen plot wears above its corner.
  const reach = plot.height * 1.5;
  if (atTop) {
    const overlap = view.top + GAP + height - (plot.top - reach);
    const room = view.bottom - (plot.bottom + reach);
    if (overlap > 0) scroller.scrollTop -= Math.min(overlap, Math.max(0, room));
  } else {
    const overlap = plot.bottom + reach - (view.bottom - GAP - height);
    const room = plot.top - reach - view.top;
    if (overlap > 0) scroller.scrollTop += Math.min(overlap, Math.max(0, room));
  }
}

export function PlotDetails(props: PlotDetailsProps) {
  const { id, store, stage, frame, zoom, cells, selection, mode, uid, now } = props;
  const { t } = useTranslation();
  const active = useSyncExternalStore(store.subscribe, store.get, store.get);
  const box = useRef<HTMLDivElement>(null);
  const cell = active ? cells.get(active.code) : undefined;

  // Placed next to its plot (above, or below when there is no room), inside the map's stage;
  // follows the plot while the map scrolls or zooms. The plot is described by it meanwhile.
  // Tapped (a finger), it docks at the frame's edge away from the plot instead: next to it, it
  // would hide the plots around it, those a finger picks next (her own among them).
  useLayoutEffect(() => {
    const element = box.current;
    const container = stage.current;
    const scroller = frame.current;
    if (!active || !element || !container || !scroller) return;
    const plot = scroller.querySelector<SVGGElement>(`[data-code="${active.code}"]`);
    if (!plot) return;
    plot.setAttribute('aria-describedby', id);
    // `makeRoom`: as it is shown or its plot changes, never on her own panning, the map scrolls
    // to fit it.
    const place = (makeRoom = false) => {
      const area = container.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      const target = plot.getBoundingClientRect();
      const visible =
        target.bottom > view.top &&
        target.top < view.bottom &&
        target.right > view.left &&
        target.left < view.right;
      element.style.visibility = visible ? 'visible' : 'hidden';
      if (active.because === 'tap') {
        const lowerHalf = target.top + target.height / 2 > view.top + view.height / 2;
        element.dataset.docked = 'true';
        element.style.width = `${view.width - 2 * GAP}px`;
        element.style.left = `${view.left - area.left + GAP}px`;
        const height = element.offsetHeight;
        element.style.top = lowerHalf
          ? `${view.top - area.top + GAP}px`
          : `${view.bottom - area.top - GAP - height}px`;
        if (makeRoom) makeRoomBeside(scroller, target, view, height, lowerHalf);
        return;
      }
      delete element.dataset.docked;
      element.style.width = '';
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      const centre = target.left + target.width / 2 - area.left;
      const left = Math.min(Math.max(4, centre - width / 2), area.width - width - 4);
      const above = target.top - area.top - GAP - height;
      const top = above >= 0 ? above : target.bottom - area.top + GAP;
      element.style.left = `${Math.max(0, left)}px`;
      element.style.top = `${top}px`;
    };
    place(true);
    const follow = () => place();
    scroller.addEventListener('scroll', follow, { passive: true });
    const unsubscribe = zoom.current?.subscribe(follow);
    return () => {
      plot.removeAttribute('aria-describedby');
      scroller.removeEventListener('scroll', follow);
      unsubscribe?.();
    };
  }, [active, cell, selection, id, stage, frame, zoom]);

  if (!active || !cell) return null;
  const language = currentLanguage();
  const { cell: shown, own, donor } = plotSeenBy(cell, uid, now);
  const kind = selectableAs(cell, mode, uid, now);
  const selected = isSelected(selection, cell.id);
  const zone = churchZoneOf(cell) ?? 'outside';
  let price: string | null = null;
  if (shown.status === 'available') {
    price = t('map.details.price', {
      price: formatMoney(PLOT_PRICE_CENTS, language),
      deposit: formatMoney(RESERVATION_DEPOSIT_CENTS, language),
    });
  } else if (own && shown.status === 'reserved') {
    price =
      shown.reserved_until === null
        ? t('map.details.balance', { balance: formatMoney(RESERVATION_BALANCE_CENTS, language) })
        : t('map.details.balanceUntil', {
            balance: formatMoney(RESERVATION_BALANCE_CENTS, language),
            date: formatLastDay(shown.reserved_until, language),
          });
  }
  let hint: string | null = null;
  if (kind) hint = t(selected ? 'map.details.tapToRemove' : 'map.details.tapToSelect');
  return (
    <div ref={box} id={id} role="tooltip" className={styles.details} data-testid="plot-details">
      <p className={styles.detailsTitle}>
        <strong>{cell.id}</strong> <span>{t('map.place', { row: cell.y, column: cell.x })}</span>
      </p>
      <p className={styles.detailsZone}>{t(`map.inZone.${zone}`)}</p>
      <p>
        <span className={styles.detailsDot} data-status={shown.status} aria-hidden />
        {t(`map.status.${shown.status}`)}
        {own ? ` · ${t('map.yours')}` : ''}
      </p>
      {donor && <p className={styles.detailsDonor}>{donor}</p>}
      {price && <p>{price}</p>}
      {hint && <p className={styles.detailsHint}>{hint}</p>}
    </div>
  );
}
