/**
 * /login (docs/screens.md), shown without the header: the sign-in choices while nobody is signed in,
 * then "Redirigiendo..." until the donor record is known, then on to the return path kept in
 * the history state (or /post-login when the privacy policy is still to accept), replacing
 * this entry. A failed lookup goes home.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '@/lib/navigation';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { SignInPanel } from '@/features/auth/components/sign-in-panel';
import { useSession } from '@/lib/session';
import styles from './login.module.css';

export function returnPathOf(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'returnTo' in state) {
    const { returnTo } = state;
    // Only paths of this site: never an absolute URL someone slipped into the state.
    if (typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')) {
      return returnTo.startsWith(paths.login.getHref()) ? paths.home.getHref() : returnTo;
    }
  }
  return paths.home.getHref();
}

export default function LoginRoute() {
  const { t } = useTranslation();
  const { session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnPathOf(location.state);

  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const { userState, user } = session;
    if (userState === 'ready' && user) {
      navigate(user.accepted_privacy_policy ? returnTo : paths.postLogin.getHref(), {
        replace: true,
      });
    } else if (userState === 'none' || userState === 'error') {
      navigate(paths.home.getHref(), { replace: true });
    }
  }, [session, navigate, returnTo]);

  return (
    <main className={styles.page}>
      <title>{t('signIn.documentTitle')}</title>
      {session.status === 'signed-out' ? (
        <>
          <SignInPanel />
          <p className={styles.back}>
            <Link to={paths.home.getHref()}>{t('notFound.backHome')}</Link>
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
