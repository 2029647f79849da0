/**
 * One donor's page (docs/screens.md, /staff/donantes/:id): who they are, their cash this month
 * against the legal limit, their plots, every gift, refund and void, and their certificates.
 * A staff registration can be voided and a card gift refunded from its row; the page is asked
 * again after each, never patched by hand.
 */
import type {
  CellStatus,
  CertificateCodeStatus,
  DonationKind,
  DonationMethod,
  DonorPageView,
  Language,
} from '@parroquia/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { formatDate, formatLastDay, formatMoney } from '@/lib/format';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { loadDonorPage } from '../api/staff-donors-api';
import { DonationActions } from './donation-actions';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './donors.module.css';
import { currentLanguage } from '@/lib/i18n';

/** The page lists only certificates given to someone (an unassigned code is no one's). */
type CodeStatus = Exclude<CertificateCodeStatus, 'unassigned'>;
/**
 * A refund shows in the ledger once Stripe's event arrived: meanwhile the page asks again every
 * 2 s, for a minute at most.
 */
const REFUND_POLL_MS = 2000;
const REFUND_POLLS = 30;

/** A refund asked of Stripe: its line, what the line will have given back, and when it was asked. */
interface AwaitedRefund {
  line: string;
  undoneCents: number;
  since: number;
}

/** Whether the page must be asked again: the refund is not in its ledger yet, and not for long. */
function refundStillAwaited(page: DonorPageView | undefined, awaited: AwaitedRefund | null) {
  if (!page || !awaited) return false;
  const line = page.ledger.find((each) => each.id === awaited.line);
  return (
    line !== undefined &&
    line.undone_cents < awaited.undoneCents &&
    Date.now() - awaited.since < REFUND_POLL_MS * REFUND_POLLS
  );
}

export function DonorPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [awaited, setAwaited] = useState<AwaitedRefund | null>(null);
  // Keyed by the donor: another donor's page shows as loading until its own answer comes. Asked
  // again after each correction (`DonationActions`), the last answer staying on screen meanwhile.
  const asked = useQuery({
    queryKey: queryKeys.donorPage(accountUid(session), id),
    queryFn: async () => loadDonorPage(client, id, await getToken()),
    refetchInterval: (query) =>
      refundStillAwaited(query.state.data, awaited) ? REFUND_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  const day = (iso: string) => formatDate(new Date(iso), language);

  const done = useCallback((next: Outcome, refund?: { line: string; undoneCents: number }) => {
    setOutcome(next);
    setAwaited(refund ? { ...refund, since: Date.now() } : null);
  }, []);

  if (!asked.isSuccess) {
    return (
      <>
        <h1>{t('staffDonors.pageTitle')}</h1>
        <OutcomeMessage outcome={outcome} testId="donor-outcome" />
        {asked.isError ? (
          <OutcomeMessage
            outcome={{ ok: false, text: apiErrorText(asked.error, t) }}
            testId="donor-error"
          />
        ) : (
          <p role="status">
            <Spinner /> {t('staffDonors.loading')}
          </p>
        )}
      </>
    );
  }
  const { identity, cash, plots, ledger, certificates } = asked.data;
  /** The gift a refund or void undoes, as people know it: how much, which day (not its id). */
  const undoneGift = (id: string) => {
    const gift = ledger.find((other) => other.id === id);
    return gift
      ? t('ledger.undoes', { amount: money(gift.amount_cents), date: day(gift.created_at) })
      : id;
  };
  const [year, month] = cash.month.split('-').map(Number) as [number, number];
  const monthName = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, 15)),
  );
  return (
    <>
      <h1>{identity.name || t('backOffice.noName')}</h1>
      {identity.erased_at && (
        // The donor erased the account: what shows here is blocked data, for staff only.
        <p className={styles.erased} data-testid="donor-erased">
          {t('myData.staffErased', { date: day(identity.erased_at) })}
        </p>
      )}
      <OutcomeMessage outcome={outcome} testId="donor-outcome" />

      <section aria-labelledby="donor-identity" className={styles.section}>
        <h2 id="donor-identity">{t('staffDonors.identity')}</h2>
        <dl className={styles.facts}>
          <dt>{t('staffDonors.email')}</dt>
          <dd>
            {identity.email ? (
              <a href={`mailto:${identity.email}`}>{identity.email}</a>
            ) : (
              t('backOffice.noEmail')
            )}
            {' · '}
            {identity.erased_at
              ? t('myData.erasedDonor')
              : identity.email_verified === null
                ? t('staffDonors.noAccountYet')
                : t(identity.email_verified ? 'staffDonors.verified' : 'staffDonors.notVerified')}
          </dd>
          <dt>{t('staffDonors.personalCode')}</dt>
          <dd>{identity.personal_code ?? t('staffDonors.none')}</dd>
          <dt>{t('staffDonors.anonymous')}</dt>
          <dd>{t(identity.is_anonymous_donor ? 'staffDonors.yes' : 'staffDonors.no')}</dd>
          <dt>{t('staffDonors.language')}</dt>
          <dd>
            {identity.language
              ? t(`staffDonors.languages.${identity.language as Language}`)
              : t('staffDonors.none')}
          </dd>
        </dl>
      </section>

      <section aria-labelledby="donor-cash" className={styles.section}>
        <h2 id="donor-cash">{t('staffDonors.cashTitle')}</h2>
        <p data-testid="donor-cash">
          {t('staffDonors.cashLine', {
            cash: money(cash.cash_cents),
            limit: money(cash.limit_cents),
            month: monthName,
            remaining: money(cash.remaining_cents),
          })}
        </p>
        <meter
          className={styles.meter}
          min={0}
          max={cash.limit_cents}
          value={cash.cash_cents}
          aria-label={t('staffDonors.cashTitle')}
        />
      </section>

      <section aria-labelledby="donor-plots" className={styles.section}>
        <h2 id="donor-plots">{t('staffDonors.plotsTitle')}</h2>
        {plots.length === 0 ? (
          <p>{t('staffDonors.noPlots')}</p>
        ) : (
          <ul className={styles.plots}>
            {plots.map((plot) => (
              <li key={plot.plot} data-testid={`donor-plot-${plot.plot}`}>
                <strong>{plot.plot}</strong> ·{' '}
                {t(`staffDonors.status.${plot.status as CellStatus}`)}
                {plot.reserved_until
                  ? ` · ${t('staffDonors.until', { date: formatLastDay(plot.reserved_until, language) })}`
                  : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="donor-ledger" className={styles.section}>
        <h2 id="donor-ledger">{t('staffDonors.ledgerTitle')}</h2>
        {ledger.length === 0 ? (
          <p>{t('staffDonors.noLedger')}</p>
        ) : (
          <ul className={styles.ledger}>
            {ledger.map((line) => (
              <li key={line.id} className={styles.line} data-testid={`ledger-${line.id}`}>
                <dl className={styles.facts}>
                  <dt>{t('staffDonors.date')}</dt>
                  <dd>{day(line.created_at)}</dd>
                  <dt>{t('staffDonors.what')}</dt>
                  <dd>
                    {t(`staffDonors.kind.${line.kind as DonationKind}`)} ·{' '}
                    {t(`staffDonors.method.${line.method as DonationMethod}`)}
                  </dd>
                  <dt>{t('staffDonors.amount')}</dt>
                  <dd className={line.amount_cents < 0 ? styles.negative : undefined}>
                    {money(line.amount_cents)}
                  </dd>
                  <dt>{t('backOffice.plots')}</dt>
                  <dd>{line.cells.join(', ')}</dd>
                  {line.certificate_code && (
                    <>
                      <dt>{t('backOffice.certificate')}</dt>
                      <dd>{line.certificate_code}</dd>
                    </>
                  )}
                  {line.undone_cents > 0 && (
                    <>
                      <dt>{t('staffDonors.undone')}</dt>
                      <dd>{money(line.undone_cents)}</dd>
                    </>
                  )}
                  {line.deposit_kept_plots.length > 0 && (
                    <>
                      <dt>{t('staffDonors.depositKept')}</dt>
                      <dd data-testid="deposit-kept">
                        {t('staffDonors.depositKeptLine', {
                          plots: line.deposit_kept_plots.join(', '),
                        })}
                      </dd>
                    </>
                  )}
                  {line.refund_of && (
                    <>
                      <dt>{t('staffDonors.undoes')}</dt>
                      <dd>{undoneGift(line.refund_of)}</dd>
                    </>
                  )}
                  <dt>{t('staffDonors.reference')}</dt>
                  <dd className={styles.reference}>{line.id}</dd>
                </dl>
                <DonationActions line={line} donorName={identity.name} onDone={done} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="donor-certificates" className={styles.section}>
        <h2 id="donor-certificates">{t('staffDonors.certificatesTitle')}</h2>
        {certificates.length === 0 ? (
          <p>{t('staffDonors.noCertificates')}</p>
        ) : (
          <ul className={styles.plots}>
            {certificates.map((certificate) => (
              <li key={certificate.code}>
                <strong>{certificate.code}</strong> ·{' '}
                {certificate.reservation_ended
                  ? t('staffDonors.codeStatus.ended')
                  : t(`staffDonors.codeStatus.${certificate.status as CodeStatus}`)}{' '}
                · {certificate.plots.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
