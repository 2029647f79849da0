import type { ReactNode } from 'react';
import { Footer } from './footer';
import { Header } from './header';
import styles from './main-layout.module.css';

export function MainLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main className={styles.main}>{children}</main>
      <Footer />
    </>
  );
}
