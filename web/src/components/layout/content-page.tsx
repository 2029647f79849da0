/** A simple page: a heading, text and an optional action, in a readable column. */
import type { ReactNode } from 'react';
import styles from './content-page.module.css';

interface ContentPageProps {
  title: string;
  /** Defaults to the title. */
  documentTitle?: string;
  children: ReactNode;
}

export function ContentPage({ title, documentTitle, children }: ContentPageProps) {
  return (
    <article className={styles.page}>
      <title>{documentTitle ?? title}</title>
      <h1>{title}</h1>
      {children}
    </article>
  );
}
