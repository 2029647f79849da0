/** /verificar/:code: anyone can check a certificate's personal code (issue 8). */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useApiClient } from '@/lib/api-client-context';
import { queryKeys } from '@/lib/query-keys';
import { verifyCertificate, type Verification } from '../api/verify-certificate';

type CheckState =
  | { status: 'loading' }
  | { status: 'found'; verification: Verification }
  | { status: 'unknown' }
  | { status: 'error' };

export function CertificateCheck({ code }: { code: string }) {
  const { t } = useTranslation();
  const client = useApiClient();
  // Keyed by the code: another code shows as loading until its own answer comes.
  const asked = useQuery({
    queryKey: queryKeys.certificate(code),
    queryFn: () => verifyCertificate(client, code),
  });
  const state: CheckState = asked.isSuccess
    ? { status: 'found', verification: asked.data }
    : asked.isError
      ? {
          status:
            asked.error instanceof ApiError && asked.error.status === 404 ? 'unknown' : 'error',
        }
      : { status: 'loading' };

  switch (state.status) {
    case 'loading':
      return (
        <p role="status">
          <Spinner /> {t('verify.loading')}
        </p>
      );
    case 'unknown':
      return (
        <p role="alert" data-testid="verify-unknown">
          {t('verify.unknown', { code })}
        </p>
      );
    case 'error':
      return <p role="alert">{t('verify.error')}</p>;
    case 'found':
      return (
        <div data-testid="verify-found">
          <p>{t('verify.valid', { code })}</p>
          {state.verification.donor_display !== null && (
            <p>
              {t('verify.donor')}{' '}
              <strong data-testid="verify-donor">{state.verification.donor_display}</strong>
            </p>
          )}
          <p>
            {t('verify.plots', { n: state.verification.plots.length })}{' '}
            <span data-testid="verify-plots">
              {state.verification.plots.map((plot) => plot.code).join(', ')}
            </span>
          </p>
        </div>
      );
  }
}
