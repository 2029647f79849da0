/**
 * The stripes a plot being paid for is filled with (`url(#held-stripes)` in plot-map.module.css),
 * defined once in each drawing of the plan: the map's and the hall screen's.
 */
import styles from './plot-map.module.css';

export function HeldStripesPattern() {
  return (
    <defs>
      <pattern
        id="held-stripes"
        width="10"
        height="10"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="10" height="10" className={styles.heldStripeLight} />
        <rect width="4" height="10" className={styles.heldStripe} />
      </pattern>
    </defs>
  );
}
