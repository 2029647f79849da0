/**
 * /post-login (docs/screens.md): welcome, the donor's personal code, the privacy policy to accept
 * (mandatory) and the choice to stay anonymous; then on to where the visitor was going.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAcceptPrivacy } from '../api/accept-privacy';
import { returnPathOf } from '../return-path';
import { AddressVerification } from './address-verification';
import styles from './auth.module.css';

export function PrivacyConsent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { session } = useSession();
  const user = session.status === 'signed-in' ? session.user : null;
  const [accepted, setAccepted] = useState(false);
  const [anonymous, setAnonymous] = useState(user?.is_anonymous_donor ?? false);
  const sending = useAcceptPrivacy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) return;
    sending.mutate(anonymous, {
      onSuccess: () => {
        toast.success(t('postLogin.accepted'));
        // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
        void navigate(returnPathOf(location.state), { replace: true });
      },
      onError: (error) => {
        console.error('privacy acceptance failed', error);
        toast.error(t('postLogin.acceptError'));
      },
    });
  };

  return (
    <form className={styles.consent} onSubmit={submit}>
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
      <Button type="submit" disabled={!accepted || sending.isPending}>
        {t('postLogin.continue')}
      </Button>
    </form>
  );
}
