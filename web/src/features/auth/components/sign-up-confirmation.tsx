/**
 * The sign-up e-mail's link lands on /login with `confirm=<code>`: the code is sent once
 * (`confirmSignUp`), and the page says, until the donor acts, whether the account is ready to sign
 * in with, the address had an account already, or the link no longer works (docs/screens.md).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { apiErrorText } from '@/lib/api-error-text';
import { confirmSignUp } from '@/lib/sign-up';
import styles from './auth.module.css';

type Confirmation =
  { state: 'sending' } | { state: 'confirmed' | 'existing' } | { state: 'failed'; error: unknown };

/** One request per code, however often the page mounts (StrictMode, a reload of the state). */
const sent = new Map<string, Promise<'confirmed' | 'existing'>>();

function confirmOnce(code: string): Promise<'confirmed' | 'existing'> {
  let asked = sent.get(code);
  if (!asked) {
    asked = confirmSignUp(code);
    sent.set(code, asked);
  }
  return asked;
}

export function SignUpConfirmation() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('confirm');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(() =>
    code ? { state: 'sending' } : null,
  );

  useEffect(() => {
    if (!code) return;
    confirmOnce(code).then(
      (state) => setConfirmation({ state }),
      (error: unknown) => setConfirmation({ state: 'failed', error }),
    );
    // The code is spent: a reload or a shared address must not send it again.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirm');
        return next;
      },
      { replace: true },
    );
  }, [code, setParams]);

  if (!confirmation) return null;
  if (confirmation.state === 'failed') {
    return (
      <p className={styles.confirmation} role="alert" data-testid="sign-up-confirmation">
        {apiErrorText(confirmation.error, t)}
      </p>
    );
  }
  return (
    <p className={styles.confirmation} role="status" data-testid="sign-up-confirmation">
      {t(`signUpConfirmation.${confirmation.state}`)}
    </p>
  );
}
