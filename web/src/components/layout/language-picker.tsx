import { useTranslation } from 'react-i18next';
import { FlagIcon, type FlagCountry } from '@/components/ui/flag-icon';
import { LANGUAGES, currentLanguage, type Language } from '@/lib/i18n';
import styles from './language-picker.module.css';

const FLAG_OF: Record<Language, FlagCountry> = { es: 'es', en: 'gb', ro: 'ro' };

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  // Re-rendered by useTranslation on every language change.
  const active = currentLanguage();

  return (
    <div className={styles.picker} role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === active}
          title={t(`language.${language}`)}
          // changeLanguage settles even when a catalogue fails; i18n.ts loads and logs those.
          onClick={() => void i18n.changeLanguage(language)}
        >
          <FlagIcon country={FLAG_OF[language]} className={styles.flag} />
          <span className={styles.code} aria-hidden>
            {language.toUpperCase()}
          </span>
          <span className="visually-hidden">{t(`language.${language}`)}</span>
        </button>
      ))}
    </div>
  );
}
