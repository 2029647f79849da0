import styles from './spinner.module.css';

interface SpinnerProps {
  /** Announced to screen readers; without it the spinner is decorative (the text beside it speaks). */
  label?: string;
  size?: 'small' | 'large';
}

export function Spinner({ label, size = 'small' }: SpinnerProps) {
  const circle = (
    <span className={`${styles.spinner} ${size === 'large' ? styles.large : ''}`} aria-hidden />
  );
  if (!label) return circle;
  return (
    <span className={styles.wrapper} role="status">
      {circle}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
