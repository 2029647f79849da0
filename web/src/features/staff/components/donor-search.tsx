/**
 * The search of /staff/donantes (docs/screens.md): one box for a name, an e-mail, a personal or
 * certificate code or a plot; the results link to each donor's page. The text stays in the
 * address (`?q=`), so going back from a donor's page shows the same results.
 */
import type { DonorFound } from '@parroquia/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { searchDonors } from '../api/staff-donors-api';
import { OutcomeMessage } from './outcome-message';
import styles from './donors.module.css';

type Results =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; donors: DonorFound[] };

type Matched = 'name' | 'email' | 'personal_code' | 'certificate_code' | 'plot';

export function DonorSearch() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const q = search.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [answer, setAnswer] = useState<{ q: string; results: Results } | null>(null);
  const results: Results | null = q
    ? answer?.q === q
      ? answer.results
      : { state: 'loading' }
    : null;

  useEffect(() => {
    if (!q) return;
    let current = true;
    const settle = (settled: Results) => current && setAnswer({ q, results: settled });
    getToken()
      .then((token) => searchDonors(client, q, token))
      .then(
        ({ donors }) => settle({ state: 'ready', donors }),
        (error: unknown) =>
          settle({
            state: 'failed',
            text: apiErrorText(error, t),
          }),
      );
    return () => {
      current = false;
    };
  }, [client, getToken, q, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(paths.staffDonors.getHref(typed.trim()));
  };

  return (
    <>
      <form className={styles.search} role="search" onSubmit={submit}>
        <label htmlFor="donor-search">{t('staffDonors.searchLabel')}</label>
        <div className={styles.searchRow}>
          <input
            id="donor-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            maxLength={100}
          />
          <Button type="submit">{t('staffDonors.searchButton')}</Button>
        </div>
      </form>
      {results?.state === 'loading' && (
        <p role="status">
          <Spinner /> {t('staffDonors.searching')}
        </p>
      )}
      {results?.state === 'failed' && (
        <OutcomeMessage outcome={{ ok: false, text: results.text }} testId="donor-search-error" />
      )}
      {results?.state === 'ready' &&
        (results.donors.length === 0 ? (
          <p role="status">{t('staffDonors.noResults')}</p>
        ) : (
          <ul className={styles.results} aria-label={t('staffDonors.resultsLabel')}>
            {results.donors.map((donor) => (
              <li key={donor.id}>
                <Link to={paths.staffDonor.getHref(donor.id)} className={styles.result}>
                  <strong>
                    {donor.name ||
                      // An account with neither name nor e-mail: its donor erased it.
                      (donor.uid && !donor.email
                        ? t('myData.erasedDonor')
                        : t('backOffice.noName'))}
                  </strong>
                  <span>{donor.email || t('backOffice.noEmail')}</span>
                  <span>
                    {donor.personal_code ?? t('backOffice.noAccount')} ·{' '}
                    {t(`staffDonors.matched.${donor.matched as Matched}`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
