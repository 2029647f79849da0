import { useTranslation } from 'react-i18next';
import { Link, useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { LanguagePicker } from './language-picker';
import styles from './header.module.css';

export function Header() {
  const { t } = useTranslation();
  const navigation = useNavigation();

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home.getHref()} className={styles.title}>
          <svg className={styles.cross} viewBox="0 0 16 24" aria-hidden focusable="false">
            <path
              d="M7 0h2v4h5v2H9v4l4-1v2l-4 1v12H7V12l-4 1v-2l4-1V6H2V4h5z"
              fill="currentColor"
            />
          </svg>
          <span>{t('header.title')}</span>
        </Link>
        <div className={styles.actions}>
          {navigation.state === 'loading' && <Spinner label={t('header.loading')} />}
          <LanguagePicker />
        </div>
      </div>
    </header>
  );
}
