/**
 * "My data" on the account page (docs/screens.md, docs/product.md "Your data"): download
 * everything the site keeps about the donor (GDPR art. 15, 20), and erase the account (art. 17)
 * in two steps: sign in again, then confirm knowing what goes and what stays.
 */
import { myDataFileName } from '@parroquia/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client-context';
import { apiErrorText } from '@/lib/api-error-text';
import { ApiError } from '@/lib/api-error';
import { authErrorCode, freshSignInToken, type ExternalProvider } from '@/lib/auth';
import { saveBlob } from '@/lib/download';
import { currentLanguage } from '@/lib/i18n';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { downloadMyData, downloadMyDataDocument } from '../api/account-api';
import { useEraseAccount } from '../api/erase-account';
import styles from './my-data.module.css';

type EraseStep = 'idle' | 'sign-in' | 'confirm';

const PROVIDERS: Record<string, ExternalProvider> = {
  'google.com': 'google',
  'facebook.com': 'facebook',
  'apple.com': 'apple',
};

/** The files' names: the day they were taken, so two copies do not overwrite each other. */
const fileName = (extension: 'json' | 'pdf') =>
  `${myDataFileName(currentLanguage())}-${new Date().toISOString().slice(0, 10)}.${extension}`;

export function MyDataSection() {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const { session, getToken } = useSession();
  const account = session.status === 'signed-in' ? session.account : null;
  const provider = account ? PROVIDERS[account.providerId] : undefined;
  const [downloading, setDownloading] = useState<'pdf' | 'json' | null>(null);
  const [step, setStep] = useState<EraseStep>('idle');
  const [password, setPassword] = useState('');
  const [freshToken, setFreshToken] = useState<string | null>(null);
  /** Signing in again: Firebase Auth's call, not the API's, so not a mutation. */
  const [signingIn, setSigningIn] = useState(false);
  const erasing = useEraseAccount({
    onSuccess: () => {
      toast.success(t('myData.erase.done'));
      // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
      void navigate(paths.home.getHref(), { replace: true });
    },
    onError: (failure) => {
      setError(apiErrorText(failure, t));
      // Any 401 (its code `signInAgainToErase`, or a token no longer valid): the sign-in is
      // too old by now, so start again from it.
      if (failure instanceof ApiError && failure.status === 401) {
        setFreshToken(null);
        setStep('sign-in');
      }
    },
  });
  const busy = signingIn || erasing.isPending;
  const [error, setError] = useState<string | null>(null);

  const download = async (format: 'pdf' | 'json') => {
    setDownloading(format);
    try {
      const token = await getToken();
      const file =
        format === 'pdf'
          ? await downloadMyDataDocument(client, currentLanguage(), token)
          : await downloadMyData(client, token);
      saveBlob(file, fileName(format));
      toast.success(t('myData.downloaded'));
    } catch (failure) {
      toast.error(t('myData.downloadFailed'), { description: apiErrorText(failure, t) });
    } finally {
      setDownloading(null);
    }
  };

  const cancel = () => {
    setStep('idle');
    setPassword('');
    setFreshToken(null);
    setError(null);
  };

  const signInAgain = async (event?: FormEvent) => {
    event?.preventDefault();
    setSigningIn(true);
    setError(null);
    try {
      setFreshToken(await freshSignInToken(provider ? { provider } : { password }));
      setPassword('');
      setStep('confirm');
    } catch (failure) {
      const code = authErrorCode(failure);
      setError(
        code === 'auth/wrong-password' || code === 'auth/invalid-credential'
          ? t('myData.erase.wrongPassword')
          : code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request'
            ? t('myData.erase.popupClosed')
            : t('myData.erase.signInFailed'),
      );
    } finally {
      setSigningIn(false);
    }
  };

  const erase = () => {
    if (!freshToken) return;
    setError(null);
    erasing.mutate(freshToken);
  };

  return (
    <section className={styles.section} aria-labelledby="my-data-title" data-testid="my-data">
      <h2 id="my-data-title">{t('myData.title')}</h2>
      <p>{t('myData.intro')}</p>
      <div className={styles.buttons}>
        <Button
          variant="secondary"
          onClick={() => void download('pdf') /* reports its own failure */}
          disabled={downloading !== null}
        >
          {downloading === 'pdf' ? t('myData.downloading') : t('myData.download')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void download('json') /* reports its own failure */}
          disabled={downloading !== null}
        >
          {downloading === 'json' ? t('myData.downloading') : t('myData.downloadJson')}
        </Button>
      </div>

      <div className={styles.erase}>
        <h3>{t('myData.erase.title')}</h3>
        <p>{t('myData.erase.intro')}</p>
        {step === 'idle' && (
          <div className={styles.buttons}>
            <Button variant="danger" onClick={() => setStep('sign-in')}>
              {t('myData.erase.start')}
            </Button>
          </div>
        )}

        {step === 'sign-in' && (
          <form
            className={styles.step}
            onSubmit={(event) => void signInAgain(event) /* shows its own failure */}
          >
            <p>{provider ? t('myData.erase.providerPrompt') : t('myData.erase.passwordPrompt')}</p>
            {!provider && (
              <label className={styles.field}>
                {t('myData.erase.password')}
                <input
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </label>
            )}
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.buttons}>
              <Button type="submit" variant="danger" disabled={busy}>
                {provider ? t('myData.erase.providerButton') : t('myData.erase.continue')}
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={busy}>
                {t('myData.erase.cancel')}
              </Button>
            </div>
          </form>
        )}

        {step === 'confirm' && (
          <div className={styles.step} role="group" aria-labelledby="erase-confirm-title">
            <p id="erase-confirm-title">
              <strong>{t('myData.erase.confirmTitle')}</strong>
            </p>
            <div className={styles.lists}>
              <div>
                <h4>{t('myData.erase.goesTitle')}</h4>
                <ul>
                  <li>{t('myData.erase.goesAccount')}</li>
                  <li>{t('myData.erase.goesNames')}</li>
                  <li>{t('myData.erase.goesMap')}</li>
                </ul>
              </div>
              <div>
                <h4>{t('myData.erase.staysTitle')}</h4>
                <ul>
                  <li>{t('myData.erase.staysLedger')}</li>
                  <li>{t('myData.erase.staysPlots')}</li>
                </ul>
              </div>
            </div>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.buttons}>
              <Button variant="danger" onClick={erase} disabled={busy}>
                {busy ? t('myData.erase.erasing') : t('myData.erase.confirm')}
              </Button>
              <Button variant="secondary" onClick={cancel} disabled={busy}>
                {t('myData.erase.cancel')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
