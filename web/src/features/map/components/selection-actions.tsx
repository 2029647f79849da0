/**
 * Below the map (docs/screens.md): Buy (n) / or / Reserve (n) for available plots, then for a
 * signed-in donor the quieter "Ask someone else to pay" (a payment link for them, given by the
 * route: features/pay-link), and the yellow "complete reserved purchase" (n) for the donor's own
 * reservations, each with its total. While plots are chosen the bar stays at the bottom of the
 * screen, however the page is scrolled, and toasts rise above it (`--toast-lift`, read by the
 * Toaster in app/provider.tsx).
 */
import { checkoutTotalCents } from '@parroquia/domain';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import type { CheckoutAction } from '../api/start-checkout';
import styles from './donation-map.module.css';
import { currentLanguage } from '@/lib/i18n';

interface SelectionActionsProps {
  purchaseCount: number;
  completionCount: number;
  busy: CheckoutAction | null;
  /** A visitor: the buttons lead to signing in first, and the bar says so. */
  signInFirst?: boolean;
  /** "Ask someone else to pay" for the available plots picked; never offered to a visitor. */
  askSomeoneToPay?: ReactNode;
  onAction: (action: CheckoutAction) => void;
}

export function SelectionActions({
  purchaseCount,
  completionCount,
  busy,
  signInFirst = false,
  askSomeoneToPay,
  onAction,
}: SelectionActionsProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => liftToastsAbove(bar.current), []);
  if (purchaseCount === 0 && completionCount === 0) return null;
  const total = (action: CheckoutAction, count: number) =>
    formatMoney(checkoutTotalCents(action, count), currentLanguage());
  return (
    <div ref={bar} className={styles.actions} role="region" aria-label={t('map.actionsLabel')}>
      {purchaseCount > 0 && (
        <div className={styles.actionRow}>
          <Button disabled={busy !== null} onClick={() => onAction('buy')} data-testid="buy">
            {t('map.buy', { n: purchaseCount })}
            <span className={styles.total}>{total('buy', purchaseCount)}</span>
          </Button>
          <span className={styles.or}>{t('map.or')}</span>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() => onAction('reserve')}
            data-testid="reserve"
          >
            {t('map.reserve', { n: purchaseCount })}
            <span className={styles.total}>{total('reserve', purchaseCount)}</span>
          </Button>
          {!signInFirst && askSomeoneToPay}
        </div>
      )}
      {completionCount > 0 && (
        <Button
          variant="warning"
          disabled={busy !== null}
          onClick={() => onAction('complete')}
          data-testid="complete"
        >
          {t('map.complete', { n: completionCount })}
          <span className={styles.total}>{total('complete', completionCount)}</span>
        </Button>
      )}
      {signInFirst && (
        <p className={styles.busy} data-testid="sign-in-first">
          {t('map.signInFirst')}
        </p>
      )}
      {busy && (
        <p role="status" className={styles.busy}>
          {t('map.redirecting')}
        </p>
      )}
    </div>
  );
}

/** Keeps `--toast-lift` at the bar's height while it is shown, so no toast covers its buttons. */
function liftToastsAbove(element: HTMLElement | null): (() => void) | undefined {
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.setProperty('--toast-lift', `${element.offsetHeight}px`);
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty('--toast-lift');
  };
}
