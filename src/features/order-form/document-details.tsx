/**
 * Under a chosen document on step 1: how many copies («−», the number, «+», never wrapping at
 * 360 px) and which assurances. A chunk of its own: a first visit, with nothing chosen, loads none.
 */
import { formatRubles } from '../../domain/format';
import { MAX_COPIES_PER_DOCUMENT } from '../../domain/order-lines';
import { button } from '../../ui/button';
import * as choices from '../../ui/order/order-choices.css';
import * as styles from './order-form.css';
import type { DocumentChoice, FormParams } from './order-model';

export default function DocumentDetails({
  params,
  line,
  name,
  onChange,
}: {
  params: FormParams;
  line: DocumentChoice;
  name: string;
  onChange: (line: DocumentChoice) => void;
}) {
  const copies = (quantity: number) =>
    onChange({ ...line, quantity: Math.min(MAX_COPIES_PER_DOCUMENT, Math.max(1, quantity)) });
  const quantityId = `quantity-${line.documentId}`;
  return (
    <div className={styles.documentDetails}>
      <div className={styles.quantity}>
        <label htmlFor={quantityId}>Экземпляров</label>
        {/* One unit that never wraps: «−», the number and «+» stay on one line at 360 px. */}
        <span className={styles.stepper}>
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.stepperButton}`}
            aria-label={`Меньше экземпляров: ${name}`}
            onClick={() => copies(line.quantity - 1)}
            disabled={line.quantity <= 1}
          >
            −
          </button>
          <input
            id={quantityId}
            className={styles.quantityInput}
            inputMode="numeric"
            value={line.quantity}
            onChange={(event) => {
              const value = Number.parseInt(event.target.value.replace(/\D/g, ''), 10);
              if (Number.isFinite(value)) copies(value);
            }}
          />
          <button
            type="button"
            className={`${button({ tone: 'secondary' })} ${styles.stepperButton}`}
            aria-label={`Больше экземпляров: ${name}`}
            onClick={() => copies(line.quantity + 1)}
            disabled={line.quantity >= MAX_COPIES_PER_DOCUMENT}
          >
            +
          </button>
        </span>
      </div>
      {params.assurances.length > 0 ? (
        <fieldset className={choices.fieldset}>
          <legend>Заверение: {name}</legend>
          {params.assurances.map((assurance) => (
            <label key={assurance.id} className={choices.option}>
              <input
                type="checkbox"
                className={choices.checkbox}
                checked={line.assuranceIds.includes(assurance.id)}
                onChange={(event) =>
                  onChange({
                    ...line,
                    assuranceIds: event.target.checked
                      ? [...line.assuranceIds, assurance.id]
                      : line.assuranceIds.filter((id) => id !== assurance.id),
                  })
                }
              />
              <span className={choices.optionName}>{assurance.type}</span>
              <span className={choices.price}>{formatRubles(assurance.price)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
