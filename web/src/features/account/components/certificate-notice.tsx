/**
 * Beside the Certificate button, after a try that saved no file, until the donor closes it: for
 * a donor with no plot paid in full, calmly, that the certificate comes once one is, with what is
 * left to pay and the last day (her "My donations", shared with /mi-cuenta) and the way to the
 * map; for a failure, what failed, in her language.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client-context';
import { formatLastDay, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { accountUid, queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { loadDonationHistory } from '../api/donations-api';
import type { CertificateNotice as Notice } from './certificate-download';
import styles from './account.module.css';

export function CertificateNotice({ notice, onClose }: { notice: Notice; onClose: () => void }) {
  const { t } = useTranslation();
  const close = (
    <Button type="button" variant="secondary" className={styles.noticeClose} onClick={onClose}>
      {t('certificate.close')}
    </Button>
  );
  if (notice.kind === 'error') {
    return (
      <div role="alert" className={styles.notice} data-testid="certificate-notice">
        <strong>{notice.title}</strong>
        <p>{notice.text}</p>
        {close}
      </div>
    );
  }
  return (
    <div role="status" className={styles.notice} data-testid="certificate-notice">
      <strong>{t('certificate.noPlots.title')}</strong>
      <p>{t('certificate.noPlots.comes')}</p>
      <StillToPay />
      {close}
    </div>
  );
}

/** What is left to pay and the earliest last day, or how to get a certificate at all. */
function StillToPay() {
  const { t } = useTranslation();
  const client = useApiClient();
  const { session, getToken } = useSession();
  const history = useQuery({
    queryKey: queryKeys.donationHistory(accountUid(session)),
    queryFn: async () => loadDonationHistory(client, await getToken()),
  });
  const language = currentLanguage();
  const first = history.data?.balances_due[0];
  if (!history.data || !first) {
    return history.isPending ? null : <p>{t('certificate.noPlots.description')}</p>;
  }
  return (
    <>
      <p data-testid="certificate-still-to-pay">
        {first.reserved_until
          ? t('certificate.noPlots.due', {
              amount: formatMoney(history.data.balance_due_cents, language),
              date: formatLastDay(first.reserved_until, language),
            })
          : t('certificate.noPlots.dueNoDeadline', {
              amount: formatMoney(history.data.balance_due_cents, language),
            })}
      </p>
      <ButtonLink to={paths.donate.getHref()}>{t('certificate.noPlots.pay')}</ButtonLink>
    </>
  );
}
