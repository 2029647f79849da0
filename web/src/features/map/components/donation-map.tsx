/**
 * /donativos: the live map with the donor's selections and the way to checkout (docs/screens.md, docs/product.md).
 */
import type { SelectionKind } from '@parroquia/domain';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatMoney, priceTexts } from '@/lib/format';
import { ApiError } from '@/lib/api-error';
import { apiErrorText } from '@/lib/api-error-text';
import { touchFirst } from '@/lib/pointer';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { CheckoutAction } from '../api/start-checkout';
import { loadCheckout, useStartCheckout } from '../api/use-start-checkout';
import { useLiveCells, useNow } from '../hooks/use-live-cells';
import {
  forgetSelectionToRestore,
  rememberSelectionToRestore,
  selectionToRestore,
} from '../restored-selection';
import { EMPTY_SELECTION, pruneSelection, togglePlot, type PlotSelection } from '../selection';
import { AvailablePlotList } from './available-plot-list';
import { MapStatus } from './map-status';
import { MyPlots } from './my-plots';
import { PlotMap } from './plot-map';
import { SelectionActions } from './selection-actions';
import styles from './donation-map.module.css';

/**
 * What the map needs only once a plot is picked: the payment routes' code (their schemas and
 * texts) and the toasts (sonner), which say why a picked plot left the selection or a payment
 * did not start. Fetched with the first pick, so that a toast can still show when the network
 * has gone by the time the donor pays; a visitor who only looks downloads neither.
 */
const loadToast = () => import('@/lib/toast');

/** Raises a toast once sonner is there; if it cannot come, the console keeps the text. */
function withToast(show: (toast: (typeof import('@/lib/toast'))['toast']) => void): void {
  loadToast().then(
    ({ toast }) => show(toast),
    (error: unknown) => console.error('toast not shown', error),
  );
}

/**
 * "Ask someone else to pay" for the available plots picked (docs/product.md, "A relative pays"),
 * which the route brings from features/pay-link: its button in the selection bar, busy while a
 * payment starts; `onDone` once its link was made and shown, and the picked plots let go.
 */
export type AskSomeoneToPaySlot = (request: {
  plots: readonly string[];
  disabled: boolean;
  onDone: () => void;
}) => ReactNode;

export function DonationMap({ askSomeoneToPay }: { askSomeoneToPay?: AskSomeoneToPaySlot } = {}) {
  const { t } = useTranslation();
  const { session } = useSession();
  const uid = session.status === 'signed-in' ? session.account.uid : null;
  const navigate = useNavigate();
  // A visitor looks at the plots and their prices; buying or reserving asks to sign in first.
  const visitor = session.status === 'signed-out';
  const live = useLiveCells();
  const now = useNow();
  // Back from a cancelled payment: the same plots picked again (pruned below if taken since).
  const [selection, setSelection] = useState<PlotSelection>(
    () => selectionToRestore() ?? EMPTY_SELECTION,
  );
  // Shown once: a later visit to the map starts with nothing picked.
  useEffect(forgetSelectionToRestore, []);
  // The first euro formatter of a page costs Chromium ~12 ms (its currency data): made in a task
  // of its own while the plots download, not inside the render that first shows the prices.
  useEffect(() => {
    const timer = setTimeout(() => formatMoney(0, currentLanguage()));
    return () => clearTimeout(timer);
  }, []);
  const checkout = useStartCheckout();
  // The payment being started, from the click until the page has left for Stripe's.
  const busy: CheckoutAction | null =
    checkout.isPending || checkout.isSuccess ? (checkout.variables?.action ?? null) : null;
  const [asList, setAsList] = useState(false);
  // The plot last picked in the list, shown in the middle of the map when it opens again.
  const [reveal, setReveal] = useState<string | null>(null);
  // The latest selection, for the pruning effect below without re-running it on every click.
  const selectionRef = useRef(selection);
  useLayoutEffect(() => {
    selectionRef.current = selection;
  }, [selection]);

  const picking = selection.purchase.size > 0 || selection.completion.size > 0;
  useEffect(() => {
    if (!picking) return;
    // Only fetches them: the code that uses them imports them again and reports a failure.
    void Promise.all([loadCheckout(), loadToast()]).catch(() => undefined);
  }, [picking]);

  const { refresh } = live;
  const cells = live.status === 'live' ? live.cells : null;

  // A plot someone else took while it was selected leaves the selection, with a word why.
  useEffect(() => {
    if (!cells || busy) return;
    const { selection: pruned, dropped } = pruneSelection(
      selectionRef.current,
      cells,
      'donor',
      uid,
      now,
    );
    if (dropped.length === 0) return;
    setSelection(pruned);
    const text = t('map.plotTaken', { codes: dropped.join(', ') });
    withToast((toast) => toast.warning(text));
  }, [cells, uid, now, busy, t]);

  const onToggle = useCallback((code: string, kind: SelectionKind) => {
    setSelection((current) => togglePlot(current, code, kind));
  }, []);

  const onAction = (
    action: CheckoutAction,
    codes = [...(action === 'complete' ? selection.completion : selection.purchase)],
  ) => {
    if (codes.length === 0) return; // docs/api.md: nothing selected does nothing.
    if (visitor) {
      // The plots stay picked across the sign-in (and the policy) and back to this map.
      rememberSelectionToRestore('purchase', codes);
      // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
      void navigate(paths.login.getHref(), { state: { returnTo: paths.donate.getHref() } });
      return;
    }
    checkout.mutate(
      { action, plots: codes, language: currentLanguage() },
      {
        onSuccess: (started) => window.location.assign(started.url),
        onError: (error) => {
          console.error('checkout failed', error);
          const title = t('map.payError.title');
          const description =
            refusalText(error, t) ??
            t(action === 'complete' ? 'map.payError.complete' : 'map.payError.unavailable');
          withToast((toast) => toast.error(title, { description }));
          setSelection(EMPTY_SELECTION);
          refresh();
        },
      },
    );
  };

  if (!cells) return <MapStatus live={live} />;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Legend />
        <button
          type="button"
          className={styles.viewToggle}
          aria-pressed={asList}
          onClick={() => setAsList((v) => !v)}
        >
          {asList ? t('map.showMap') : t('map.showList')}
        </button>
      </div>
      {asList ? (
        <AvailablePlotList
          cells={cells}
          selection={selection}
          onToggle={(code, kind) => {
            setReveal(code);
            onToggle(code, kind);
          }}
          mode="donor"
          uid={uid}
          now={now}
        />
      ) : (
        <PlotMap
          cells={cells}
          selection={selection}
          onToggle={onToggle}
          mode="donor"
          uid={uid}
          now={now}
          reveal={reveal}
        />
      )}
      {selection.purchase.size === 0 && selection.completion.size === 0 ? (
        <p className={styles.selectHint}>
          {t(touchFirst() && !asList ? 'map.selectHintTouch' : 'map.selectHint')}
        </p>
      ) : (
        <SelectionActions
          purchaseCount={selection.purchase.size}
          completionCount={selection.completion.size}
          busy={busy}
          signInFirst={visitor}
          askSomeoneToPay={
            visitor || selection.purchase.size === 0
              ? undefined
              : askSomeoneToPay?.({
                  plots: [...selection.purchase],
                  disabled: busy !== null,
                  onDone: () => setSelection(EMPTY_SELECTION),
                })
          }
          onAction={(action) => onAction(action)}
        />
      )}
      <aside className={styles.note} aria-label={t('map.noteLabel')}>
        {t('map.note', priceTexts(currentLanguage()))}
      </aside>
      <MyPlots
        cells={cells}
        uid={uid}
        now={now}
        busy={busy !== null}
        onComplete={(code) => onAction('complete', [code])}
      />
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <ul className={styles.legend} aria-label={t('map.legendLabel')}>
      {(['available', 'reserved', 'bought', 'held'] as const).map((status) => (
        <li key={status}>
          <span className={`${styles.swatch} ${styles[status]}`} aria-hidden />
          {t(`map.status.${status}`)}
        </li>
      ))}
      <li>
        <span className={`${styles.swatch} ${styles.own}`} aria-hidden />
        {t('map.legend.yours')}
      </li>
      <li>
        <span className={`${styles.swatch} ${styles.selected}`} aria-hidden />
        {t('map.legend.selected')}
      </li>
    </ul>
  );
}

/**
 * The API's own reason for refusing the checkout (a plot taken, too many plots in open
 * checkouts...), already in the donor's language; null when it gave none, or failed otherwise.
 */
function refusalText(error: Error, t: TFunction): string | null {
  if (!(error instanceof ApiError) || !error.fromServer) return null;
  if (error.status !== 400 && error.status !== 403 && error.status !== 409) return null;
  return apiErrorText(error, t);
}
