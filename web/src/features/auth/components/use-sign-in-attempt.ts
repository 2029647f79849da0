/**
 * Runs a sign-in step with the panel's busy flag, and turns a failure into a toast in the
 * visitor's language (`sign-in-errors.ts`). A provider that cannot load offline says so and
 * offers e-mail sign-in instead (issue 19).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { authErrorCode, type ExternalProvider } from '@/lib/auth';
import { providerSignInErrorKey, signInErrorKey } from './sign-in-errors';

const PROVIDER_NAMES: Record<ExternalProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

export function useSignInAttempt(offerEmail: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const attempt = async (
    step: () => Promise<void>,
    provider?: ExternalProvider,
  ): Promise<boolean> => {
    setBusy(true);
    try {
      await step();
      return true;
    } catch (error) {
      console.error('sign-in failed', error);
      const code = authErrorCode(error);
      const key = provider ? providerSignInErrorKey(code) : signInErrorKey(code);
      if (provider && key === 'providerOffline') {
        toast.error(t('signIn.errorTitle'), {
          description: t('signIn.errors.providerOffline', { provider: PROVIDER_NAMES[provider] }),
          action: { label: t('signIn.useEmail'), onClick: offerEmail },
          // Longer than the usual 4 s: it offers a way on, which takes a moment to read.
          duration: 10_000,
        });
      } else {
        toast.error(t('signIn.errorTitle'), { description: t(`signIn.errors.${key}`) });
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, attempt };
}
