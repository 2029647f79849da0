/**
 * The search of /staff/donantes (docs/screens.md): one box for a name, an e-mail, a personal or
 * certificate code or a plot; the results link to each donor's page. The text stays in the
 * address (`?q=`), so going back from a donor's page shows the same results.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { searchDonors } from '../api/staff-donors-api';
import { OutcomeMessage } from './outcome-message';
import styles from './donors.module.css';

type Matched = 'name' | 'email' | 'personal_code' | 'certificate_code' | 'plot';

export function DonorSearch() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const q = search.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  // Keyed by the text: an answer for an earlier text never shows under a later one.
  const results = useQuery({
    queryKey: queryKeys.donorSearch(accountUid(session), q),
    queryFn: async () => searchDonors(client, q, await getToken()),
    enabled: q !== '',
  });
  const donors = results.isSuccess ? results.data.donors : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
    void navigate(paths.staffDonors.getHref(typed.trim()));
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
      {q !== '' && results.isPending && (
        <p role="status">
          <Spinner /> {t('staffDonors.searching')}
        </p>
      )}
      {results.isError && (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(results.error, t) }}
          testId="donor-search-error"
        />
      )}
      {donors &&
        (donors.length === 0 ? (
          <p role="status">{t('staffDonors.noResults')}</p>
        ) : (
          <ul className={styles.results} aria-label={t('staffDonors.resultsLabel')}>
            {donors.map((donor) => (
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
