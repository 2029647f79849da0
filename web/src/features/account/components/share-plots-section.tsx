/**
 * "Share your plots" on /mi-cuenta (docs/product.md, "Sharing a plot"): once the donor's code
 * shows plots, the Share action for their certificate's page.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { loadOwnCertificate } from '../api/own-certificate';
import { SharePlots } from './share-plots';
import styles from './share-plots.module.css';

export function SharePlotsSection() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session } = useSession();
  const code = session.status === 'signed-in' ? (session.user?.personal_code ?? null) : null;
  const asked = useQuery({
    queryKey: queryKeys.certificate(code ?? ''),
    queryFn: () => loadOwnCertificate(client, code ?? ''),
    enabled: code !== null,
    retry: false,
  });
  if (!code || !asked.isSuccess || asked.data.plots.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="share-title" data-testid="share-section">
      <h2 id="share-title">{t('share.sectionTitle')}</h2>
      <p>{t('share.sectionText', { count: asked.data.plots.length })}</p>
      <SharePlots code={code} />
    </section>
  );
}
