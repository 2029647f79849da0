/**
 * The campaign's progress as a bar, labelled for screen readers: the home page's and the hall
 * screen's. `className` sizes the track where it stands; the fill is always the same.
 */
import { useTranslation } from 'react-i18next';
import styles from './progress-bar.module.css';

export function ProgressBar({ percent, className }: { percent: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={className ? `${styles.bar} ${className}` : styles.bar}
      role="progressbar"
      aria-label={t('progress.barLabel')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${Math.min(100, percent)}%` }} />
    </div>
  );
}
