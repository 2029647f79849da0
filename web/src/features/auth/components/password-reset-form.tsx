/**
 * "Forgot your password?": the API mails the parish's reset e-mail with Firebase Auth's link, which
 * comes back to /login (docs/screens.md). The answer is the same whether or not the address has
 * an account; past the limits per address and per caller it says to wait.
 */
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { sendPasswordReset } from '@/lib/auth';
import { currentLanguage } from '@/lib/i18n';
import { SignInFailure } from './sign-in-failure';
import { useSignInAttempt } from './use-sign-in-attempt';
import { EmailField } from './email-field';
import styles from './auth.module.css';

export function PasswordResetForm({
  email,
  onEmailChange,
  emailField,
  onBack,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  emailField: RefObject<HTMLInputElement | null>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, attempt, failure } = useSignInAttempt();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    // attempt() keeps a failure to show below the button, and then settles with false.
    void attempt(() => sendPasswordReset(address, currentLanguage())).then((sent) => {
      setSentTo(sent ? address : null);
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="reset-title">
      <h2 id="reset-title" className={styles.subtitle}>
        {t('signIn.reset.title')}
      </h2>
      <p>{t('signIn.reset.intro')}</p>
      <EmailField value={email} onChange={onEmailChange} field={emailField} />
      <Button type="submit" disabled={busy}>
        {t('signIn.reset.submit')}
      </Button>
      {failure && <SignInFailure failure={failure} id="reset-failure" />}
      <p role="status" className={styles.sent}>
        {sentTo ? t('signIn.reset.sent', { email: sentTo }) : ''}
      </p>
      <button type="button" className={styles.switch} onClick={onBack}>
        {t('signIn.reset.back')}
      </button>
    </form>
  );
}
