import { useTranslation } from 'react-i18next';
import { CellsSection } from '@/features/cells/components/cells-section';
import styles from './home.module.css';

export default function HomeRoute() {
  const { t } = useTranslation();
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
      </section>
      <CellsSection />
    </>
  );
}
