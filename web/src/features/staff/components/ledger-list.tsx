/**
 * The ledger for staff (docs/screens.md, /staff/donativos): filters (days, way of paying, kind,
 * one search), the totals of what they find, the rows newest first 50 at a time, each refund or
 * void next to the gift it undoes, and the same rows as a CSV file.
 */
import { personIdOf, type LedgerFilterQuery, type LedgerRowView } from '@parroquia/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { saveBlob } from '@/lib/download';
import { formatDate, formatMoney } from '@/lib/format';
import { Link } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { downloadDonationsCsv, listDonations } from '../api/ledger-api';
import { OutcomeMessage, type Outcome } from './outcome-message';
import styles from './ledger-list.module.css';
import { currentLanguage } from '@/lib/i18n';

const METHODS = ['card', 'cash', 'transfer'] as const;
const KINDS = ['buy', 'reserve', 'complete', 'refund', 'void'] as const;

interface Totals {
  rows: number;
  given_cents: number;
  refunded_cents: number;
  net_cents: number;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; rows: LedgerRowView[]; next: string | null; totals: Totals };

export function LedgerList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const client = useApiClient();
  const { getToken } = useSession();
  const [draft, setDraft] = useState<LedgerFilterQuery>({});
  // The filter the rows shown were asked with: the CSV downloads exactly these.
  const [filter, setFilter] = useState<LedgerFilterQuery>({});
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [more, setMore] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    let current = true;
    getToken()
      .then((token) => listDonations(client, filter, null, token))
      .then(
        (page) =>
          current &&
          setLoaded({
            state: 'ready',
            rows: page.rows,
            next: page.next_cursor,
            totals: page.totals,
          }),
        (error: unknown) =>
          current &&
          setLoaded({
            state: 'failed',
            text: apiErrorText(error, t),
          }),
      );
    return () => {
      current = false;
    };
  }, [client, getToken, filter, t]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setLoaded({ state: 'loading' });
    setFilter({ ...draft });
  };

  const loadMore = async () => {
    if (loaded.state !== 'ready' || !loaded.next) return;
    setMore(true);
    try {
      const page = await listDonations(client, filter, loaded.next, await getToken());
      setLoaded({
        state: 'ready',
        rows: [...loaded.rows, ...page.rows],
        next: page.next_cursor,
        totals: page.totals,
      });
    } catch (error) {
      setOutcome({ ok: false, text: apiErrorText(error, t) });
    } finally {
      setMore(false);
    }
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
            onClick={() => void download() /* shows its own failure */}
            disabled={downloading}
          >
            {downloading ? <Spinner /> : null} {t('ledger.downloadCsv')}
          </Button>
        </div>
      </form>
      <OutcomeMessage outcome={outcome} testId="ledger-outcome" />
      {loaded.state === 'loading' ? (
        <p role="status">
          <Spinner /> {t('ledger.loading')}
        </p>
      ) : loaded.state === 'failed' ? (
        <OutcomeMessage outcome={{ ok: false, text: loaded.text }} testId="ledger-error" />
      ) : (
        <>
          <p className={styles.totals} data-testid="ledger-totals" role="status">
            {t('ledger.totals', {
              count: loaded.totals.rows,
              given: money(loaded.totals.given_cents),
              refunded: money(loaded.totals.refunded_cents),
              net: money(loaded.totals.net_cents),
            })}
          </p>
          {loaded.rows.length === 0 ? (
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
                {loaded.rows.map((row) => (
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
          {loaded.next ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => void loadMore() /* shows its own failure */}
              disabled={more}
            >
              {more ? <Spinner /> : null} {t('ledger.more')}
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
