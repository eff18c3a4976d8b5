/** The flow progress bar (spec 2): «Шаг 2 из 4», announced to screen readers as a progressbar. */
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
        <div
          className={styles.bar}
          // A plain width: the step-1 budget has no room for a runtime CSS-variable helper.
          style={{ width: `${(100 * step) / total}%` }}
        />
      </div>
    </div>
  );
}
