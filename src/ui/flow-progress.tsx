/**
 * The flow progress bar (docs/back-office-screens.md): «Шаг 2 из 4», announced to screen readers
 * as a progressbar.
 */
import * as styles from './flow-progress.css';

export interface FlowProgressProps {
  step: number;
  total: number;
}

export function FlowProgress({ step, total }: FlowProgressProps) {
  const text = `Шаг ${step} из ${total}`;
  return (
    <div className={styles.wrapper}>
      <span className={styles.label} aria-hidden="true">
        {text}
      </span>
      <div
        className={styles.track}
        role="progressbar"
        aria-valuemin={0}
        aria-valuenow={step}
        aria-valuemax={total}
        aria-label={text}
      >
        {Array.from({ length: total }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positions, never reordered
            key={index}
            className={index < step ? `${styles.segment} ${styles.reached}` : styles.segment}
          />
        ))}
      </div>
    </div>
  );
}
