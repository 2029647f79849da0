/**
 * /login (docs/screens.md), shown without the header: the sign-in choices while nobody is signed in,
 * then "Redirigiendo..." until the donor record is known, then on to the return path kept in
 * the history state (through /post-login, which keeps it, when the privacy policy is still to
 * accept), replacing this entry. A failed lookup goes home.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { returnPathAt } from '@/features/auth/return-path';
import { useSession } from '@/lib/session';
import styles from './login.module.css';

export default function LoginRoute() {
  const { t } = useTranslation();
  const { session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnPathAt(location);

  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const { userState, user } = session;
    if (userState === 'ready' && user) {
      // The policy first, then on to where the visitor was going (kept in the state). The
      // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
      void (user.accepted_privacy_policy
        ? navigate(returnTo, { replace: true })
        : navigate(paths.postLogin.getHref(), { replace: true, state: { returnTo } }));
    } else if (userState === 'none' || userState === 'error') {
      // As above: nothing to await.
      void navigate(paths.home.getHref(), { replace: true });
    }
  }, [session, navigate, returnTo]);

  return (
    <main className={styles.page}>
      <title>{t('signIn.documentTitle')}</title>
      {session.status === 'signed-out' ? (
        <>
          <SignInPanel />
          <p className={styles.back}>
            <Link to={paths.home.getHref()} className="standalone-link">
              {t('notFound.backHome')}
            </Link>
          </p>
        </>
      ) : (
        <p className={styles.redirecting} role="status">
          <Spinner /> {t('login.redirecting')}
        </p>
      )}
    </main>
  );
}
