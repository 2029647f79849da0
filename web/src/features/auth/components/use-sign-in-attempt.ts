/**
 * Runs a sign-in step with the panel's busy flag, and keeps its failure in the visitor's
 * language (`sign-in-errors.ts`) until the next attempt: the form shows it beside the button it
 * is about (`SignInFailure`), where it stays until she acts (a toast would vanish in 4 s). A
 * provider that cannot load offline says so and offers e-mail sign-in instead (issue 19).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorCode, type ExternalProvider } from '@/lib/auth';
import { providerSignInErrorKey, signInErrorKey } from './sign-in-errors';

const PROVIDER_NAMES: Record<ExternalProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
};

/** What failed and why, as the form shows it. */
export interface SignInFailureText {
  /** Beside the providers' buttons, or beside the e-mail form's. */
  where: 'provider' | 'email';
  text: string;
  /** The provider cannot load offline: offer e-mail sign-in instead. */
  offerEmail: boolean;
}

export function useSignInAttempt() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SignInFailureText | null>(null);

  const attempt = async (
    step: () => Promise<void>,
    provider?: ExternalProvider,
  ): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      await step();
      return true;
    } catch (error) {
      console.error('sign-in failed', error);
      const code = authErrorCode(error);
      const key = provider ? providerSignInErrorKey(code) : signInErrorKey(code);
      setFailure({
        where: provider ? 'provider' : 'email',
        text:
          provider && key === 'providerOffline'
            ? t('signIn.errors.providerOffline', { provider: PROVIDER_NAMES[provider] })
            : t(`signIn.errors.${key}`),
        offerEmail: provider !== undefined && key === 'providerOffline',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, attempt, failure, clearFailure: () => setFailure(null) };
}
