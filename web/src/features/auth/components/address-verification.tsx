/**
 * Said to a donor whose e-mail account has not proven its address yet (docs/product.md, "What
 * an unverified account receives"): a link was sent; until it is opened no receipt, reminder or
 * gift registered at the parish reaches the account. The link can be sent again.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { sendAddressVerification, type AuthAccount } from '@/lib/auth';
import { currentLanguage } from '@/lib/i18n';
import styles from './auth.module.css';

export function AddressVerification({ account }: { account: AuthAccount }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  if (account.emailVerified || account.providerId !== 'password' || !account.email) return null;

  const resend = async () => {
    setState('sending');
    try {
      await sendAddressVerification(
        currentLanguage(),
        new URL(paths.home.getHref(), window.location.origin).href,
      );
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  return (
    <section className={styles.verification} aria-labelledby="verify-address">
      <h2 id="verify-address">{t('addressVerification.title')}</h2>
      <p>{t('addressVerification.text', { email: account.email })}</p>
      <Button
        type="button"
        variant="secondary"
        disabled={state === 'sending'}
        // resend() shows its own failure.
        onClick={() => void resend()}
      >
        {t('addressVerification.resend')}
      </Button>
      {state === 'sent' || state === 'failed' ? (
        <p role="status">{t(`addressVerification.${state}`)}</p>
      ) : null}
    </section>
  );
}
