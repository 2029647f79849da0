/** The frame of every page (header, footer) and what shows while a page's code loads or fails. */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentPage } from '@/components/layout/content-page';
import { MainLayout } from '@/components/layout/main-layout';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { AccountActions } from '@/features/account/components/account-actions';
import styles from './root.module.css';

/** Header and footer around the page, which shows a spinner while its code downloads. */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <MainLayout headerActions={<AccountActions />}>
      <Suspense fallback={<PagePending />}>{children}</Suspense>
    </MainLayout>
  );
}

function PagePending() {
  const { t } = useTranslation();
  return (
    <div className={styles.pending}>
      <Spinner size="large" label={t('header.loading')} />
    </div>
  );
}

/** A page without the frame (/login), while its code downloads. */
export function StandalonePending() {
  return (
    <MainLayout>
      <PagePending />
    </MainLayout>
  );
}

function RootError() {
  const { t } = useTranslation();
  return (
    <MainLayout>
      <ContentPage title={t('error.title')}>
        <p>{t('error.message')}</p>
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
      </ContentPage>
    </MainLayout>
  );
}

interface BoundaryProps {
  /** The page the boundary stands for: going to another page clears a failure. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  pathname: string;
  failed: boolean;
}

/**
 * A page whose code fails to download or to render shows the error page (with a reload button)
 * instead of a blank screen; navigating elsewhere tries again.
 */
export class RootErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RootError /> : this.props.children;
  }
}
