import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const host = window.location.host;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.copyright}>{t('footer.copyright', { year, host })}</p>
        <nav aria-label={t('footer.navLabel')}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={paths.cookiePolicy.getHref()}>{t('footer.cookies')}</Link>
            </li>
            <li>
              <Link to={paths.legalNotice.getHref()}>{t('footer.legal')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
