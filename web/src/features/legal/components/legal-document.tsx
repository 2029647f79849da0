import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export type LegalDocumentKind = 'privacy' | 'cookies' | 'notice';

/** Placeholder for the legal texts, which the parish provides later. */
export function LegalDocument({ kind }: { kind: LegalDocumentKind }) {
  const { t } = useTranslation();
  return (
    <ContentPage title={t(`legal.${kind}`)}>
      <p>{t('legal.placeholder')}</p>
      <ButtonLink to={paths.home.getHref()} variant="secondary">
        {t('legal.backHome')}
      </ButtonLink>
    </ContentPage>
  );
}
