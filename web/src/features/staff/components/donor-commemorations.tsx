/** On a donor's page: the names they ask prayers for, living and departed apart. */
import type { CommemorationsView } from '@parroquia/domain';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { loadDonorCommemorations } from '../api/commemorations-api';
import { OutcomeMessage } from './outcome-message';
import styles from './donors.module.css';

type Loading =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; list: CommemorationsView };

export function DonorCommemorations({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { getToken } = useSession();
  const [answer, setAnswer] = useState<{ id: string; loading: Loading } | null>(null);
  const loading: Loading = answer?.id === id ? answer.loading : { state: 'loading' };

  useEffect(() => {
    let current = true;
    const settle = (settled: Loading) => current && setAnswer({ id, loading: settled });
    getToken()
      .then((token) => loadDonorCommemorations(client, id, token))
      .then(
        (list) => settle({ state: 'ready', list }),
        (error: unknown) => settle({ state: 'failed', text: apiErrorText(error, t) }),
      );
    return () => {
      current = false;
    };
  }, [client, getToken, id, t]);

  return (
    <section
      aria-labelledby="donor-commemorations"
      className={styles.section}
      data-testid="donor-commemorations"
    >
      <h2 id="donor-commemorations">{t('commemorations.staff.donorTitle')}</h2>
      {loading.state === 'loading' && (
        <p role="status">
          <Spinner />
        </p>
      )}
      {loading.state === 'failed' && (
        <OutcomeMessage
          outcome={{ ok: false, text: loading.text }}
          testId="donor-commemorations-error"
        />
      )}
      {loading.state === 'ready' &&
        (loading.list.names.length === 0 ? (
          <p>{t('commemorations.staff.none')}</p>
        ) : (
          <>
            <dl className={styles.facts}>
              {(['living', 'departed'] as const).map((state) => {
                const names = loading.list.names.filter((entry) => entry.state === state);
                return names.length === 0 ? null : (
                  <Fragment key={state}>
                    <dt>{t(`commemorations.staff.${state}`)}</dt>
                    <dd>{names.map((entry) => entry.name).join(', ')}</dd>
                  </Fragment>
                );
              })}
            </dl>
            <p>
              {t(
                loading.list.on_certificate
                  ? 'commemorations.staff.onCertificate'
                  : 'commemorations.staff.notOnCertificate',
              )}
            </p>
          </>
        ))}
    </section>
  );
}
