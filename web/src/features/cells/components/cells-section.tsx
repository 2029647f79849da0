import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCells } from '../api/get-cells';
import { CellList } from './cell-list';
import { CellStatusSummary } from './cell-status-summary';
import styles from './cells.module.css';

/** The home page's "Parcelas" section: plots as the API serves them. */
export function CellsSection() {
  const { t } = useTranslation();
  const cells = useCells();

  return (
    <section className={styles.section} aria-labelledby="cells-title">
      <h2 id="cells-title">{t('cells.title')}</h2>
      <p className={styles.description}>{t('cells.description')}</p>

      {cells.status === 'loading' && (
        <p className={styles.loading} role="status">
          <Spinner />
          {t('cells.loading')}
        </p>
      )}

      {cells.status === 'error' && (
        <div className={styles.error} role="alert">
          <p>{t('cells.error')}</p>
          <Button variant="secondary" onClick={cells.reload}>
            {t('cells.retry')}
          </Button>
        </div>
      )}

      {cells.status === 'success' &&
        (cells.cells.length === 0 ? (
          <p>{t('cells.empty')}</p>
        ) : (
          <>
            <CellStatusSummary cells={cells.cells} />
            <CellList cells={cells.cells} />
          </>
        ))}
    </section>
  );
}
