/**
 * E-mail and password: sign in, or create an account, which asks the donor's name (required,
 * the profile's rules: `checkDonorName`) so the map and the certificate never show "Usuario sin
 * nombre" for them (issue 19). A refused name is said under its field, in the visitor's
 * language, and creates nothing (the field is checked by us, not the browser, for that reason).
 * Creating asks the API, which mails the address (issue 30): the form then says the same
 * whether the address had an account or not, and the donor signs in once its link is opened.
 */
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { checkDonorName, DONOR_NAME_MAX_LENGTH } from '@parroquia/domain';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { requestSignUp, signInWithEmail } from '@/lib/auth';
import { useLocation } from 'react-router-dom';
import { returnPathAt } from '../return-path';
import { currentLanguage } from '@/lib/i18n';
import { EmailField } from './email-field';
import { SignInFailure } from './sign-in-failure';
import type { SignInFailureText } from './use-sign-in-attempt';
import styles from './auth.module.css';

export type EmailMode = 'sign-in' | 'sign-up';

export function EmailSignInForm({
  mode,
  onModeChange,
  onForgotPassword,
  email,
  onEmailChange,
  emailField,
  busy,
  attempt,
  failure,
}: {
  mode: EmailMode;
  onModeChange: (mode: EmailMode) => void;
  onForgotPassword: () => void;
  email: string;
  onEmailChange: (email: string) => void;
  emailField: RefObject<HTMLInputElement | null>;
  busy: boolean;
  attempt: (step: () => Promise<void>) => Promise<boolean>;
  /** The last sign-in or sign-up's failure, shown below the button until the next try. */
  failure: SignInFailureText | null;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  /** The address a sign-up was mailed to: the form then says so, and nothing else. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const creating = mode === 'sign-up';
  const returnTo = returnPathAt(useLocation());

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!creating) {
      // attempt() keeps a failure, shown below the button.
      void attempt(() => signInWithEmail(email.trim(), password));
      return;
    }
    const checked = checkDonorName(name, currentLanguage());
    setNameError(checked.ok ? null : checked.message);
    if (!checked.ok) return;
    const address = email.trim();
    const goingTo = returnTo === paths.home.getHref() ? null : returnTo;
    // attempt() keeps a failure, shown below the button, and then settles with false.
    void attempt(() =>
      requestSignUp(address, password, checked.name, currentLanguage(), goingTo),
    ).then((sent) => {
      if (!sent) return;
      setSentTo(address);
      setPassword('');
    });
  };

  if (creating && sentTo) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.sent}>
          {t('signIn.signUpSent', { email: sentTo })}
        </p>
        <button
          type="button"
          className={styles.switch}
          onClick={() => {
            setSentTo(null);
            onModeChange('sign-in');
          }}
        >
          {t('signIn.haveAccount')}
        </button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      {creating && (
        <label>
          {t('signIn.name')}
          <input
            type="text"
            autoComplete="name"
            aria-required="true"
            maxLength={DONOR_NAME_MAX_LENGTH}
            value={name}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? 'sign-up-name-error' : 'sign-up-name-hint'}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError ? (
            <span id="sign-up-name-error" className={styles.fieldError} role="alert">
              {nameError}
            </span>
          ) : (
            <span id="sign-up-name-hint" className={styles.hint}>
              {t('signIn.nameHint')}
            </span>
          )}
        </label>
      )}
      <EmailField value={email} onChange={onEmailChange} field={emailField} />
      <label>
        {t('signIn.password')}
        <input
          type="password"
          autoComplete={creating ? 'new-password' : 'current-password'}
          required
          minLength={6}
          value={password}
          aria-invalid={failure !== null}
          aria-describedby={failure ? 'email-failure' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <Button type="submit" disabled={busy}>
        {creating ? t('signIn.createAccount') : t('signIn.submit')}
      </Button>
      {failure && <SignInFailure failure={failure} id="email-failure" />}
      {!creating && (
        <button type="button" className={styles.switch} onClick={onForgotPassword}>
          {t('signIn.forgotPassword')}
        </button>
      )}
      <button
        type="button"
        className={styles.switch}
        onClick={() => {
          setNameError(null);
          onModeChange(creating ? 'sign-in' : 'sign-up');
        }}
      >
        {creating ? t('signIn.haveAccount') : t('signIn.noAccount')}
      </button>
    </form>
  );
}
