/**
 * /post-login (docs/screens.md): welcome, the donor's personal code, the privacy policy to accept
 * (mandatory) and the choice to stay anonymous; then on to where the visitor was going.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import * as API_ROUTES from '@parroquia/domain/api-routes';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client-context';
import { useSession } from '@/lib/session';
import { returnPathOf } from '../return-path';
import { AddressVerification } from './address-verification';
import styles from './auth.module.css';

export function PrivacyConsent() {
  const { t } = useTranslation();
  const client = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { session, getToken, reloadUser } = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [accepted, setAccepted] = useState(false);
  const [anonymous, setAnonymous] = useState(user?.is_anonymous_donor ?? false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) return;
    setSending(true);
    try {
      await client.call(API_ROUTES.acceptPrivacyPolicy, {
        body: { accepted: true, anonymous },
        token: await getToken(),
      });
      await reloadUser();
      toast.success(t('postLogin.accepted'));
      // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
      void navigate(returnPathOf(location.state), { replace: true });
    } catch (error) {
      console.error('privacy acceptance failed', error);
      toast.error(t('postLogin.acceptError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.consent}
      onSubmit={(event) => void submit(event) /* shows its own failure */}
    >
      <title>{t('postLogin.documentTitle')}</title>
      <h1>{t('postLogin.welcome')}</h1>
      <p>{t('postLogin.intro')}</p>
      <p>
        {t('postLogin.yourCode')} <strong data-testid="personal-code">{user?.personal_code}</strong>
      </p>
      {session.status === 'signed-in' ? <AddressVerification account={session.account} /> : null}
      <p>{t('postLogin.explanation')}</p>
      <p>
        <Link to={paths.privacyPolicy.getHref()} target="_blank" className="standalone-link">
          {t('postLogin.readPolicy')}
        </Link>
      </p>
      <label className={styles.check}>
        <input
          type="checkbox"
          required
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
        />
        {t('postLogin.acceptLabel')}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        {t('postLogin.anonymousLabel')}
      </label>
      <Button type="submit" disabled={!accepted || sending}>
        {t('postLogin.continue')}
      </Button>
    </form>
  );
}
