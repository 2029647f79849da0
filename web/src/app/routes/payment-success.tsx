/**
 * Back from Stripe's page (docs/screens.md): thanks, the plots this payment paid for (once
 * Stripe's event has arrived), after a deposit what is left to pay and by when, and the way on:
 * the map, the certificate for plots bought and sharing them. Stripe's reference last, in small type.
 */
import { RESERVATION_BALANCE_CENTS } from '@parroquia/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ContentPage } from '@/components/layout/content-page';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CertificateNotice } from '@/features/account/components/certificate-notice';
import { SharePlots } from '@/features/account/components/share-plots';
import { useCertificateDownload } from '@/features/account/components/use-certificate-download';
import { useCheckoutOutcome } from '@/features/map/components/use-checkout-outcome';
import { formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { RequireAccess } from './access';
import styles from './payment-success.module.css';

function PaymentSummary({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation();
  const state = useCheckoutOutcome(sessionId);
  const certificate = useCertificateDownload();
  const { session } = useSession();
  const personalCode = session.status === 'signed-in' ? session.user?.personal_code : undefined;
  const outcome = state.status === 'ready' ? state.outcome : null;
  const paid = outcome?.status === 'paid';
  return (
    <>
      {outcome === null || outcome.status === 'pending' ? (
        <p role="status">
          {state.status === 'unknown' ? t('success.message') : t('success.pending')}
        </p>
      ) : (
        <p role="status">{paid ? t(`success.paid.${outcome.kind}`) : t('success.notPaid')}</p>
      )}
      {outcome && outcome.plots.length > 0 && (
        <section aria-labelledby="paid-plots-title">
          <h2 id="paid-plots-title" className={styles.subtitle}>
            {t('success.plotsTitle', { count: outcome.plots.length })}
          </h2>
          <ul className={styles.plots} data-testid="paid-plots">
            {outcome.plots.map((plot) => (
              <li key={plot}>{plot}</li>
            ))}
          </ul>
        </section>
      )}
      {paid && outcome.kind === 'reserve' && outcome.reserved_until !== null && (
        <p className={styles.remaining} data-testid="still-to-pay">
          {t('success.remaining', remainingTexts(outcome.plots.length, outcome.reserved_until))}
        </p>
      )}
      <div className={styles.actions}>
        <ButtonLink to={paths.donate.getHref()}>{t('success.toMap')}</ButtonLink>
        {paid && outcome.kind !== 'reserve' && (
          <Button
            variant="secondary"
            disabled={certificate.downloading}
            // download() keeps what went wrong as the notice below.
            onClick={() => void certificate.download()}
          >
            {t('success.certificate')}
          </Button>
        )}
      </div>
      {certificate.notice && (
        <CertificateNotice notice={certificate.notice} onClose={certificate.dismiss} />
      )}
      {/* Once paid, the plots are the donor's: their certificate's page can be shared. */}
      {paid && personalCode && <SharePlots code={personalCode} />}
      {sessionId && (
        <p className={styles.reference} data-fine-print>
          {t('success.sessionId')} <code data-testid="session-id">{sessionId}</code>
        </p>
      )}
    </>
  );
}

/** After a deposit: the 200 € per plot still to pay, their total and the reservation's end. */
function remainingTexts(plots: number, reservedUntil: number) {
  const language = currentLanguage();
  return {
    perPlot: formatMoney(RESERVATION_BALANCE_CENTS, language),
    total: formatMoney(RESERVATION_BALANCE_CENTS * plots, language),
    date: formatLastDay(reservedUntil, language),
  };
}

export default function PaymentSuccessRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <RequireAccess level="donor">
      <ContentPage title={t('success.title')}>
        <PaymentSummary sessionId={params.get('session_id')} />
      </ContentPage>
    </RequireAccess>
  );
}
