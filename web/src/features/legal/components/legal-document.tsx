/**
 * The legal pages (SPEC.md 2): privacy policy (revised 10 July 2025, naming the providers the
 * site uses: Stripe and Google Firebase), legal notice and cookie policy, in the active
 * language. Sections live in the catalogues as `legal.<kind>.s<N>`.
 */
import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

export type LegalDocumentKind = 'privacy' | 'cookies' | 'notice';

const SECTIONS: Record<LegalDocumentKind, readonly string[]> = {
  privacy: ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'],
  cookies: ['s1', 's2', 's3', 's4'],
  notice: ['s1', 's2', 's3', 's4', 's5'],
};

/** The privacy policy's last revision (SPEC.md 2). */
export const PRIVACY_REVISED = new Date(2025, 6, 10);

export function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  const { t, i18n } = useTranslation();
  return (
    <ContentPage title={t(`legal.${kind}.title`)}>
      {kind === 'privacy' && (
        <p>
          <em>{t('legal.revised', { date: formatDate(PRIVACY_REVISED, i18n.language) })}</em>
        </p>
      )}
      {SECTIONS[kind].map((section) => (
        <section key={section}>
          <h2>{t(`legal.${kind}.${section}.title` as 'legal.privacy.s1.title')}</h2>
          {t(`legal.${kind}.${section}.body` as 'legal.privacy.s1.body')
            .split('\n\n')
            .map((paragraph, index) => (
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
