/**
 * The legal pages (docs/screens.md): privacy policy (revised 27 November 2026, naming the providers the
 * site uses: Stripe and Google Firebase), legal notice and cookie policy, in the active
 * language. Their long texts come from `legal-texts.ts`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { currentLanguage, type Language } from '@/lib/i18n';
import { loadLegalTexts, type LegalTexts } from '../legal-texts';

export type LegalDocumentKind = 'privacy' | 'cookies' | 'notice';
type Section = { title: string; body: string };

/** The privacy policy's last revision (docs/screens.md). */
export const PRIVACY_REVISED = new Date(2026, 10, 27);

export function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [texts, setTexts] = useState<{ language: Language; texts: LegalTexts } | null>(null);

  useEffect(() => {
    let current = true;
    loadLegalTexts(language)
      .then((texts) => {
        if (current) setTexts({ language, texts });
      })
      .catch((error: unknown) => console.error('legal texts not loaded', error));
    return () => {
      current = false;
    };
  }, [language]);

  if (!texts || texts.language !== language) {
    return (
      <p role="status">
        <Spinner /> {t('header.loading')}
      </p>
    );
  }
  const { title, ...rest } = texts.texts[kind];
  const sections = Object.values(rest) as Section[];
  return (
    <ContentPage title={title}>
      {kind === 'privacy' && (
        <p>
          <em>{t('legal.revised', { date: formatDate(PRIVACY_REVISED, currentLanguage()) })}</em>
        </p>
      )}
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.body.split('\n\n').map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      <ButtonLink to={paths.home.getHref()} variant="secondary">
        {t('legal.backHome')}
      </ButtonLink>
    </ContentPage>
  );
}
