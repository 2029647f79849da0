/**
 * "My donations" on /mi-cuenta (issue 30; docs/screens.md): what is left to pay on the donor's
 * reservations and by when, every gift, refund and void of theirs with what became of it, a
 * receipt per gift and a statement per year (PDFs in the page's language).
 */
import {
  receiptFileName,
  statementFileName,
  type DonationHistoryJson,
  type DonationLineJson,
} from '@parroquia/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { formatDate, formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { downloadReceipt, downloadStatement, loadDonationHistory } from '../api/donations-api';
import styles from './donation-history.module.css';

/** The state's key in `donations.states` (camel case for i18n). */
const STATE_KEYS = {
  kept: 'kept',
  'refunded-in-part': 'refundedInPart',
  refunded: 'refunded',
  voided: 'voided',
  refund: 'refund',
  void: 'void',
} as const satisfies Record<DonationLineJson['state'], string>;

/**
 * What the reservations still to pay offer besides the map: "Ask someone else to pay", a payment
 * link for their rest (features/pay-link), given by the route that composes both features.
 */
export type AskSomeoneToPaySlot = (plots: readonly string[]) => ReactNode;

export function DonationHistorySection({
  askSomeoneToPay,
}: {
  askSomeoneToPay?: AskSomeoneToPaySlot;
}) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const asked = useQuery({
    queryKey: queryKeys.donationHistory(accountUid(session)),
    queryFn: async () => loadDonationHistory(client, await getToken()),
  });
  const history = asked.isSuccess ? asked.data : undefined;
  /** The document being downloaded (a row id or `statement-<year>`): its button waits. */
  const [downloading, setDownloading] = useState<string | null>(null);
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  const day = (iso: string) => formatDate(new Date(iso), language);

  /** What became of a gift; for a refund or void, the day of the gift it undoes. */
  const stateText = (line: DonationLineJson) => {
    const undone =
      history && line.refund_of !== null
        ? history.donations.find((gift) => gift.id === line.refund_of)
        : undefined;
    if (undone && (line.state === 'refund' || line.state === 'void')) {
      return t(`donations.states.${line.state}Of`, { date: day(undone.created_at) });
    }
    return t(`donations.states.${STATE_KEYS[line.state]}`, { amount: money(line.undone_cents) });
  };

  const download = async (
    key: string,
    fetchFile: (token: string) => Promise<Blob>,
    name: string,
  ) => {
    setDownloading(key);
    try {
      saveBlob(await fetchFile(await getToken()), name);
    } catch (error) {
      toast.error(t('donations.downloadFailed'), { description: apiErrorText(error, t) });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="donations-title">
      <h2 id="donations-title">{t('donations.title')}</h2>
      {asked.isPending && (
        <p role="status">
          <Spinner /> {t('donations.loading')}
        </p>
      )}
      {asked.isError && (
        <p role="alert" className={styles.error}>
          {apiErrorText(asked.error, t)}
        </p>
      )}
      {history && (
        <>
          <BalancesDue
            history={history}
            askSomeoneToPay={askSomeoneToPay}
            money={money}
            lastDay={(iso) => formatLastDay(iso, language)}
          />
          {history.donations.length === 0 ? (
            <p data-testid="donations-empty">
              {t('donations.empty')}{' '}
              <ButtonLink variant="secondary" to={paths.donate.getHref()}>
                {t('donations.toMap')}
              </ButtonLink>
            </p>
          ) : (
            <>
              <h3>{t('donations.history')}</h3>
              <ul className={styles.lines} data-testid="donation-lines">
                {history.donations.map((line) => (
                  <li key={line.id} className={styles.line} data-donation={line.id}>
                    <span className={styles.date}>{day(line.created_at)}</span>
                    <span className={styles.what}>
                      {t(`donations.kinds.${line.kind}`)} · {t(`donations.methods.${line.method}`)}
                    </span>
                    <span
                      className={styles.amount}
                      data-negative={line.amount_cents < 0 || undefined}
                    >
                      {money(line.amount_cents)}
                    </span>
                    <span className={styles.plots}>
                      {line.plots.length > 0
                        ? t('donations.plots', { plots: line.plots.join(', ') })
                        : t('donations.noPlots')}
                    </span>
                    <span className={styles.state} data-state={line.state}>
                      {stateText(line)}
                    </span>
                    {line.state !== 'refund' && line.state !== 'void' && (
                      <Button
                        variant="secondary"
                        className={styles.document}
                        aria-label={t('donations.receiptLabel', { date: day(line.created_at) })}
                        disabled={downloading !== null}
                        onClick={() =>
                          // download() reports its own failure (toast).
                          void download(
                            line.id,
                            (token) => downloadReceipt(client, line.id, language, token),
                            receiptFileName(language, line.id),
                          )
                        }
                      >
                        {downloading === line.id
                          ? t('donations.downloading')
                          : t('donations.receipt')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              <h3>{t('donations.statements')}</h3>
              <div className={styles.statements}>
                {history.statement_years.map((year) => (
                  <Button
                    key={year}
                    variant="secondary"
                    disabled={downloading !== null}
                    onClick={() =>
                      // download() reports its own failure (toast).
                      void download(
                        `statement-${year}`,
                        (token) => downloadStatement(client, year, language, token),
                        statementFileName(language, year),
                      )
                    }
                  >
                    {downloading === `statement-${year}`
                      ? t('donations.downloading')
                      : t('donations.statement', { year })}
                  </Button>
                ))}
              </div>
              <p className={styles.note}>{t('donations.documentsNote')}</p>
            </>
          )}
        </>
      )}
    </section>
  );
}

/** A purchase or a paid rest the parish still keeps: a plot paid in full, so a certificate. */
const standsAsPurchase = (line: DonationLineJson) =>
  (line.kind === 'buy' || line.kind === 'complete') &&
  (line.state === 'kept' || line.state === 'refunded-in-part');

function BalancesDue({
  history,
  askSomeoneToPay,
  money,
  lastDay,
}: {
  history: DonationHistoryJson;
  askSomeoneToPay?: AskSomeoneToPaySlot;
  money: (cents: number) => string;
  /** The last day a deadline leaves (`formatLastDay`). */
  lastDay: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (history.balances_due.length === 0) return null;
  return (
    <div className={styles.due} data-testid="balances-due">
      <h3>{t('donations.due.title')}</h3>
      <p>{t('donations.due.total', { amount: money(history.balance_due_cents) })}</p>
      {!history.donations.some(standsAsPurchase) && (
        <p data-testid="certificate-comes">{t('certificate.noPlots.comes')}</p>
      )}
      <ul>
        {history.balances_due.map((due) => (
          <li key={due.plot}>
            {due.reserved_until
              ? t('donations.due.plot', {
                  plot: due.plot,
                  amount: money(due.balance_cents),
                  date: lastDay(due.reserved_until),
                })
              : t('donations.due.plotNoDeadline', {
                  plot: due.plot,
                  amount: money(due.balance_cents),
                })}
          </li>
        ))}
      </ul>
      <p>{t('donations.due.how')}</p>
      <ButtonLink variant="primary" to={paths.donate.getHref()}>
        {t('donations.toMap')}
      </ButtonLink>
      {askSomeoneToPay?.(history.balances_due.map((due) => due.plot))}
    </div>
  );
}
