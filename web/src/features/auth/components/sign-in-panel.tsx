/**
 * The ways to sign in (docs/product.md): Google, Facebook, Apple (Firebase's popups) and e-mail
 * with a password, which can also create an account (with the donor's name) or send a password
 * reset e-mail. A failure stays beside the buttons it is about, in the user's language.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  EXTERNAL_PROVIDERS,
  prepareSignIn,
  signInWithProvider,
  type ExternalProvider,
} from '@/lib/auth';
import { useSession } from '@/lib/session';
import { EmailSignInForm, type EmailMode } from './email-sign-in-form';
import { PasswordResetForm } from './password-reset-form';
import { SignInFailure } from './sign-in-failure';
import { SignUpConfirmation } from './sign-up-confirmation';
import { useSignInAttempt } from './use-sign-in-attempt';
import styles from './auth.module.css';

export function SignInPanel() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<EmailMode | 'reset'>('sign-in');
  const [email, setEmail] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  const { busy, attempt, failure, clearFailure } = useSignInAttempt();
  const { session } = useSession();
  const refused = session.status === 'signed-out' ? session.refused : undefined;
  useEffect(prepareSignIn, []);

  return (
    <div className={styles.panel}>
      <h1>{t(mode === 'sign-up' ? 'signIn.signUpTitle' : 'signIn.title')}</h1>
      {refused && (
        // The session the browser held was refused by the server: why, and what to do.
        <div role="alert" className={styles.failure} data-testid="session-refused">
          <strong>{t('signIn.sessionEnded')}</strong>
          <p>{refused.text ?? t('signIn.sessionRefused')}</p>
        </div>
      )}
      <p>{t(mode === 'sign-up' ? 'signIn.signUpIntro' : 'signIn.intro')}</p>
      <SignUpConfirmation />
      <div className={styles.providers}>
        {EXTERNAL_PROVIDERS.map((provider: ExternalProvider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={busy}
            // attempt() keeps a failure, shown below the buttons.
            onClick={() => void attempt(() => signInWithProvider(provider), provider)}
          >
            {t(`signIn.with.${provider}`)}
          </Button>
        ))}
      </div>
      {failure?.where === 'provider' && (
        <SignInFailure
          failure={failure}
          id="provider-failure"
          onUseEmail={() => {
            clearFailure();
            emailField.current?.focus();
          }}
        />
      )}
      <p className={styles.or}>{t('signIn.orEmail')}</p>
      {mode === 'reset' ? (
        <PasswordResetForm
          email={email}
          onEmailChange={setEmail}
          emailField={emailField}
          onBack={() => setMode('sign-in')}
        />
      ) : (
        <EmailSignInForm
          mode={mode}
          onModeChange={setMode}
          onForgotPassword={() => setMode('reset')}
          email={email}
          onEmailChange={setEmail}
          emailField={emailField}
          busy={busy}
          attempt={attempt}
          failure={failure?.where === 'email' ? failure : null}
        />
      )}
    </div>
  );
}
