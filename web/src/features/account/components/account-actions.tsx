/**
 * The header's account part (docs/screens.md): the plot map always; My account, Certificate, Profile and Logout when
 * signed in, with the Certificate button's notice below it (kept until closed); a Login button
 * that remembers the current path otherwise; a spinner while the session loads.
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useCertificateDownload } from './use-certificate-download';
import styles from './account.module.css';

// Loaded when opened, with its API calls: the header stays light.
const ProfileDialog = lazy(() =>
  import('./profile-dialog').then((module) => ({ default: module.ProfileDialog })),
);
const CertificateNotice = lazy(() =>
  import('./certificate-notice').then((module) => ({ default: module.CertificateNotice })),
);

export function AccountActions() {
  const { t } = useTranslation();
  const { session, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [profileOpen, setProfileOpen] = useState(false);
  const certificate = useCertificateDownload();

  if (session.status === 'loading') return <Spinner label={t('header.loading')} />;

  // The map, the page the site exists for, is one tap away in every state of the menu.
  const mapLink = (
    <ButtonLink variant="secondary" className={styles.headerButton} to={paths.donate.getHref()}>
      {t('account.map')}
    </ButtonLink>
  );

  if (session.status === 'signed-out') {
    return (
      <div className={styles.actions}>
        {mapLink}
        <Button
          variant="secondary"
          className={styles.headerButton}
          onClick={() => {
            // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
            void navigate(paths.login.getHref(), {
              state: { returnTo: `${location.pathname}${location.search}` },
            });
          }}
        >
          {t('account.login')}
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.actions}>
      {session.user?.is_staff && (
        <Link to={paths.staff.getHref()} className={styles.staffLink}>
          {t('backOffice.staffLink')}
        </Link>
      )}
      {mapLink}
      <ButtonLink variant="secondary" className={styles.headerButton} to={paths.account.getHref()}>
        {t('accountPage.link')}
      </ButtonLink>
      <Button
        variant="secondary"
        className={styles.headerButton}
        disabled={certificate.downloading || !session.user}
        // download() keeps what went wrong as the notice below.
        onClick={() => void certificate.download()}
      >
        {certificate.downloading ? t('certificate.downloading') : t('account.certificate')}
      </Button>
      {certificate.notice && (
        <Suspense fallback={<Spinner label={t('header.loading')} />}>
          <CertificateNotice notice={certificate.notice} onClose={certificate.dismiss} />
        </Suspense>
      )}
      <Button
        variant="secondary"
        className={styles.headerButton}
        onClick={() => setProfileOpen(true)}
      >
        {t('account.profile')}
      </Button>
      <Button
        variant="secondary"
        className={styles.headerButton}
        onClick={() => {
          // signOut() catches and logs a failed logout call; the navigation follows it.
          void signOut().then(() => navigate(paths.home.getHref()));
        }}
      >
        {t('account.logout')}
      </Button>
      {profileOpen && (
        <Suspense fallback={<Spinner label={t('header.loading')} />}>
          <ProfileDialog onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
