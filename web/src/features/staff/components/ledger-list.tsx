/**
 * The ledger for staff (docs/screens.md, /staff/donativos): filters (days, way of paying, kind,
 * one search), the totals of what they find, the rows newest first 50 at a time, each refund or
 * void next to the gift it undoes, and the same rows as a CSV file.
 */
import { personIdOf, type LedgerFilterQuery } from '@parroquia/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { formatDate, formatMoney } from '@/lib/format';
import { Link } from 'react-router-dom';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { downloadDonationsCsv, listDonations } from '../api/ledger-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './ledger-list.module.css';
import { currentLanguage } from '@/lib/i18n';

const METHODS = ['card', 'cash', 'transfer'] as const;
const KINDS = ['buy', 'reserve', 'complete', 'refund', 'void'] as const;

export function LedgerList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LedgerFilterQuery>({});
  // The filter the rows shown were asked with: the CSV downloads exactly these.
  const [filter, setFilter] = useState<LedgerFilterQuery>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);
  // Keyed by the filter: rows asked with an earlier one never show under a later one.
  const pages = useInfiniteQuery({
    queryKey: queryKeys.ledger(accountUid(session), filter),
    queryFn: async ({ pageParam }) => listDonations(client, filter, pageParam, await getToken()),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const rows = pages.data?.pages.flatMap((page) => page.rows) ?? [];
  // The totals of everything the filter finds, as the latest page says them.
  const totals = pages.data?.pages.at(-1)?.totals;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const asked = { ...draft };
    setFilter(asked);
    // Asked again from its first page even when the filters are the same: Apply refreshes.
    void queryClient.resetQueries({ queryKey: queryKeys.ledger(accountUid(session), asked) });
  };

  const loadMore = async () => {
    const next = await pages.fetchNextPage();
    // The rows already shown stay; the failure is said above them.
    if (next.isError) setOutcome({ ok: false, text: apiErrorText(next.error, t) });
  };

  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await downloadDonationsCsv(client, filter, await getToken()), 'donativos.csv');
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setDownloading(false);
    }
  };

  const field = (name: keyof LedgerFilterQuery) => ({
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setDraft((seen) => ({ ...seen, [name]: event.target.value })),
  });
  const money = (cents: number) => formatMoney(cents, language);
  const day = (iso: string) => formatDate(new Date(iso), language);

  return (
    <>
      <form className={styles.filters} onSubmit={search} aria-label={t('ledger.filtersLabel')}>
        <label>
          {t('ledger.search')}
          <input type="search" {...field('q')} placeholder={t('ledger.searchHint')} />
        </label>
        <label>
          {t('ledger.from')}
          <input type="date" {...field('from')} />
        </label>
        <label>
          {t('ledger.to')}
          <input type="date" {...field('to')} />
        </label>
        <label>
          {t('ledger.method')}
          <select {...field('method')}>
            <option value="">{t('ledger.any')}</option>
            {METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`staffPanel.methods.${method}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('ledger.kind')}
          <select {...field('kind')}>
            <option value="">{t('ledger.any')}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.formButtons}>
          <Button type="submit">{t('ledger.apply')}</Button>
          <Button
            type="button"
            variant="secondary"
            // download() catches its own failure and says it above the rows.
            onClick={() => void download()}
            disabled={downloading}
          >
            {downloading ? <Spinner /> : null} {t('ledger.downloadCsv')}
          </Button>
        </div>
      </form>
      <OutcomeMessage outcome={outcome} testId="ledger-outcome" />
      {pages.isPending ? (
        <p role="status">
          <Spinner /> {t('ledger.loading')}
        </p>
      ) : !totals ? (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(pages.error, t) }}
          testId="ledger-error"
        />
      ) : (
        <>
          <p className={styles.totals} data-testid="ledger-totals" role="status">
            {t('ledger.totals', {
              count: totals.rows,
              given: money(totals.given_cents),
              refunded: money(totals.refunded_cents),
              net: money(totals.net_cents),
            })}
          </p>
          {rows.length === 0 ? (
            <p>{t('ledger.none')}</p>
          ) : (
            <table className={styles.table}>
              <caption className="visually-hidden">{t('ledger.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.date')}</th>
                  <th scope="col">{t('ledger.donor')}</th>
                  <th scope="col">{t('ledger.what')}</th>
                  <th scope="col">{t('ledger.plots')}</th>
                  <th scope="col">{t('ledger.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    data-testid={`ledger-row-${row.id}`}
                    data-undoing={
                      row.undoes || row.kind === 'refund' || row.kind === 'void' ? '' : undefined
                    }
                  >
                    <td data-label={t('ledger.date')}>{day(row.created_at)}</td>
                    <td data-label={t('ledger.donor')}>
                      <div>
                        <Link
                          className={styles.name}
                          to={paths.staffDonor.getHref(
                            personIdOf(
                              row.donor.uid
                                ? { kind: 'account', uid: row.donor.uid }
                                : { kind: 'mailbox', email: row.donor.email },
                            ),
                          )}
                        >
                          {row.donor.name ||
                            row.donor.email ||
                            // An account's row without name or e-mail: its donor erased it.
                            (row.donor.uid ? t('myData.erasedDonor') : '—')}
                        </Link>
                        <span className={styles.email}>{row.donor.email}</span>
                      </div>
                    </td>
                    <td data-label={t('ledger.what')}>
                      <div>
                        {t(`ledger.kinds.${row.kind}`)} · {t(`staffPanel.methods.${row.method}`)}
                        {row.certificate_code ? (
                          <span className={styles.detail}>
                            {t('ledger.certificate', { code: row.certificate_code })}
                          </span>
                        ) : null}
                        {row.undoes ? (
                          <span className={styles.detail}>
                            {t('ledger.undoes', {
                              amount: money(row.undoes.amount_cents),
                              date: day(row.undoes.created_at),
                            })}
                          </span>
                        ) : null}
                        {row.undone_by.map((undoing) => (
                          <span key={undoing.id} className={styles.detail}>
                            {t(`ledger.undoneBy.${undoing.kind === 'void' ? 'void' : 'refund'}`, {
                              amount: money(-undoing.amount_cents),
                              date: day(undoing.created_at),
                            })}
                          </span>
                        ))}
                      </div>
                    </td>
                    <td data-label={t('ledger.plots')}>{row.plots.join(', ') || '—'}</td>
                    <td
                      data-label={t('ledger.amount')}
                      className={row.amount_cents < 0 ? styles.negative : styles.amount}
                    >
                      {money(row.amount_cents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages.hasNextPage ? (
            <Button
              type="button"
              variant="secondary"
              // fetchNextPage() does not reject: loadMore() says a failure above the rows.
              onClick={() => void loadMore()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? <Spinner /> : null} {t('ledger.more')}
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
