/** The frame of every page (header, footer) and what shows while a route's code loads or fails. */
import { useTranslation } from 'react-i18next';
import { Outlet, useRouteError } from 'react-router';
import { ContentPage } from '@/components/layout/content-page';
import { MainLayout } from '@/components/layout/main-layout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AccountActions } from '@/features/account/components/account-actions';
import styles from './root.module.css';

export function RootLayout() {
  return (
    <MainLayout headerActions={<AccountActions />}>
      <Outlet />
    </MainLayout>
  );
}

/** Shown while the first route's lazy module downloads. */
export function RootHydrateFallback() {
  const { t } = useTranslation();
  return (
    <MainLayout>
      <div className={styles.pending}>
        <Spinner size="large" label={t('header.loading')} />
      </div>
    </MainLayout>
  );
}

export function RootErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <MainLayout>
      <ContentPage title={t('error.title')}>
        <p>{t('error.message')}</p>
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
      </ContentPage>
    </MainLayout>
  );
}
