/**
 * The header of every page but /login (docs/screens.md): title, language picker and the account
 * actions the app passes in. On small screens the picker and the actions move into a side panel
 * opened by a menu button.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LanguagePicker } from './language-picker';
import styles from './header.module.css';

export function Header({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The panel stays open only on the page it was opened on: a navigation closes it.
  const [panelOpenOn, setPanelOpenOn] = useState<string | null>(null);
  const panelOpen = panelOpenOn === location.pathname;
  const setPanelOpen = (open: boolean) => setPanelOpenOn(open ? location.pathname : null);
  const panelId = useId();

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
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={() => setPanelOpen(!panelOpen)}
        >
          <span aria-hidden>☰</span>
          <span className="visually-hidden">
            {t(panelOpen ? 'header.closeMenu' : 'header.openMenu')}
          </span>
        </button>
        <div id={panelId} className={styles.actions} data-open={panelOpen || undefined}>
          <LanguagePicker />
          {actions}
        </div>
      </div>
      {panelOpen && (
        <div className={styles.backdrop} onClick={() => setPanelOpen(false)} aria-hidden />
      )}
    </header>
  );
}
