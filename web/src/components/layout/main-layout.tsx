import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';

export function MainLayout({
  children,
  headerActions,
}: {
  children: ReactNode;
  headerActions?: ReactNode;
}) {
  return (
    <>
      <Header actions={headerActions} />
      <main className={styles.main}>{children}</main>
      <Footer />
    </>
  );
}
