/**
 * The ways to sign in (docs/product.md): Google, Facebook, Apple (popups; locally the Auth
 * emulator's own page stands in for each provider) and e-mail with a password, which can also
 * create an account. Failures are toasts in the user's language.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  authErrorCode,
  createAccountWithEmail,
  EXTERNAL_PROVIDERS,
  signInWithEmail,
  signInWithProvider,
  type ExternalProvider,
} from '@/lib/auth';
import { signInErrorKey } from './sign-in-errors';
import styles from './auth.module.css';

export function SignInPanel() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [creating, setCreating] = useState(false);

  const attempt = async (signIn: () => Promise<void>) => {
    setBusy(true);
    try {
      await signIn();
    } catch (error) {
      console.error('sign-in failed', error);
      const key = signInErrorKey(authErrorCode(error));
      toast.error(t('signIn.errorTitle'), { description: t(`signIn.errors.${key}`) });
    } finally {
      setBusy(false);
    }
  };

  const onEmail = (event: FormEvent) => {
    event.preventDefault();
    void attempt(() =>
      creating
        ? createAccountWithEmail(email.trim(), password)
        : signInWithEmail(email.trim(), password),
    );
  };

  return (
    <div className={styles.panel}>
      <h1>{t('signIn.title')}</h1>
      <p>{t('signIn.intro')}</p>
      <div className={styles.providers}>
        {EXTERNAL_PROVIDERS.map((provider: ExternalProvider) => (
          <Button
            key={provider}
            variant="secondary"
            disabled={busy}
            onClick={() => void attempt(() => signInWithProvider(provider))}
          >
            {t(`signIn.with.${provider}`)}
          </Button>
        ))}
      </div>
      <p className={styles.or}>{t('signIn.orEmail')}</p>
      <form className={styles.form} onSubmit={onEmail}>
        <label>
          {t('signIn.email')}
          <input
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label>
          {t('signIn.password')}
          <input
            type="password"
            autoComplete={creating ? 'new-password' : 'current-password'}
            required
            minLength={6}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <Button type="submit" disabled={busy}>
          {creating ? t('signIn.createAccount') : t('signIn.submit')}
        </Button>
        <button
          type="button"
          className={styles.switch}
          onClick={() => setCreating((value) => !value)}
        >
          {creating ? t('signIn.haveAccount') : t('signIn.noAccount')}
        </button>
      </form>
    </div>
  );
}
