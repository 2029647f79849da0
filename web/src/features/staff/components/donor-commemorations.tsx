/** On a donor's page: the names they ask prayers for, living and departed apart. */
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-error-text';
import { useApiClient } from '@/lib/api-client-context';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { loadDonorCommemorations } from '../api/commemorations-api';
import { CommemorationRemoval } from './commemoration-removal';
import { OutcomeMessage } from './outcome-message';
import styles from './donors.module.css';

export function DonorCommemorations({ id }: { id: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const asked = useQuery({
    queryKey: queryKeys.donorCommemorations(accountUid(session), id),
    queryFn: async () => loadDonorCommemorations(client, id, await getToken()),
  });
  const list = asked.isSuccess ? asked.data : null;

  return (
    <section
      aria-labelledby="donor-commemorations"
      className={styles.section}
      data-testid="donor-commemorations"
    >
      <h2 id="donor-commemorations">{t('commemorations.staff.donorTitle')}</h2>
      {asked.isPending && (
        <p role="status">
          <Spinner />
        </p>
      )}
      {asked.isError && (
        <OutcomeMessage
          outcome={{ ok: false, text: apiErrorText(asked.error, t) }}
          testId="donor-commemorations-error"
        />
      )}
      {list &&
        (list.names.length === 0 ? (
          <p>{t('commemorations.staff.none')}</p>
        ) : (
          <>
            <dl className={styles.facts}>
              {(['living', 'departed'] as const).map((state) => {
                const names = list.names.filter((entry) => entry.state === state);
                return names.length === 0 ? null : (
                  <Fragment key={state}>
                    <dt>{t(`commemorations.staff.${state}`)}</dt>
                    <dd>
                      <ul className={styles.names}>
                        {names.map((entry, index) => (
                          <li key={`${entry.name}-${index}`}>
                            <span>{entry.name}</span>
                            <CommemorationRemoval id={id} entry={entry} />
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </Fragment>
                );
              })}
            </dl>
            <p>
              {t(
                list.on_certificate
                  ? 'commemorations.staff.onCertificate'
                  : 'commemorations.staff.notOnCertificate',
              )}
            </p>
          </>
        ))}
    </section>
  );
}
