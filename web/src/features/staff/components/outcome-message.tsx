import styles from './staff.module.css';

/** What a staff action ended with: a success or an error, in the user's language. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/** The outcome of the last staff action, announced to screen readers; nothing before one. */
export function OutcomeMessage({ outcome, testId }: { outcome: Outcome | null; testId: string }) {
  if (!outcome) return null;
  return (
    <p role="status" className={outcome.ok ? styles.ok : styles.error} data-testid={testId}>
      {outcome.text}
    </p>
  );
}
