import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { HowToDonateDialog } from '@/features/donate/components/how-to-donate-dialog';
import styles from './home.module.css';

// The progress reads the live listener, so it brings the Firestore SDK: loaded after the page
// has painted, it stays out of the home route's own JavaScript.
const CampaignProgress = lazy(() => import('@/features/campaign/components/campaign-progress'));

export default function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [howToOpen, setHowToOpen] = useState(false);
  const [showProgress, setShowProgress] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShowProgress(true), 0);
    return () => clearTimeout(timer);
  }, []);

  // Straight to the map: anyone may look at it, and buying there asks to sign in
  // (docs/screens.md).
  const goToMap = () => {
    setHowToOpen(false);
    // navigate() of a declarative router (BrowserRouter) settles at once: nothing to await.
    void navigate(paths.donate.getHref());
  };

  return (
    <>
      <title>{t('home.documentTitle')}</title>
      <section className={styles.hero}>
        <h1 className={styles.title}>{t('home.title')}</h1>
        <p className={styles.subtitle}>{t('home.subtitle')}</p>
        <div className={styles.intro}>
          <p>{t('home.intro1')}</p>
          <p>{t('home.intro2')}</p>
          <p>{t('home.intro3')}</p>
        </div>
        <div className={styles.buttons}>
          <Button onClick={() => setHowToOpen(true)}>{t('home.howToDonate')}</Button>
          <Button variant="secondary" onClick={goToMap}>
            {t('home.goToMap')}
          </Button>
        </div>
      </section>
      {showProgress && (
        <Suspense fallback={<p className={styles.progressPending}>{t('progress.loading')}</p>}>
          <CampaignProgress />
        </Suspense>
      )}
      {howToOpen && <HowToDonateDialog onClose={() => setHowToOpen(false)} onGoToMap={goToMap} />}
    </>
  );
}
