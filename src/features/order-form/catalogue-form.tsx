/**
 * Step 1's choices: documents, assurances and the language pair. The choices live in this
 * component only; saving them as a draft (and steps 2–4) is the order-flow issue's job.
 */
import { type FormEvent, useId, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button.css';
import * as page from '../../ui/page.css';
import { estimateStepOne } from './estimate';
import * as styles from './order-form.css';

export type FormParams = components['schemas']['FormParams'];

interface PricedOption {
  id: number;
  type: string;
  price: number;
}

function toggle(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

function OptionList(props: {
  legend: string;
  options: readonly PricedOption[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.id} className={styles.option}>
          <input
            type="checkbox"
            className={styles.checkbox}
            checked={props.chosen.has(option.id)}
            onChange={() => props.onToggle(option.id)}
          />
          <span className={styles.optionName}>{option.type}</span>
          <span className={styles.price}>{formatRubles(option.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function validate(documents: ReadonlySet<number>, from: string, into: string): string | null {
  if (documents.size === 0) return 'Выберите хотя бы один документ';
  if (!from || !into) return 'Выберите, с какого и на какой язык переводить';
  if (from === into) return 'Языки оригинала и перевода должны различаться';
  return null;
}

export function CatalogueForm({ catalogue, onNext }: { catalogue: FormParams; onNext: () => void }) {
  const id = useId();
  const [documents, setDocuments] = useState<ReadonlySet<number>>(new Set());
  const [assurances, setAssurances] = useState<ReadonlySet<number>>(new Set());
  const [from, setFrom] = useState('');
  const [into, setInto] = useState('ru');
  const [error, setError] = useState<string | null>(null);
  const total = estimateStepOne(catalogue.documents, catalogue.assurances, documents, assurances);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(documents, from, into);
    setError(problem);
    if (!problem) onNext();
  };

  return (
    <form
      className={page.stack}
      onSubmit={submit}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <OptionList
        legend="Документы"
        options={catalogue.documents}
        chosen={documents}
        onToggle={(doc) => setDocuments((set) => toggle(set, doc))}
      />
      {catalogue.assurances.length > 0 ? (
        <OptionList
          legend="Заверение"
          options={catalogue.assurances}
          chosen={assurances}
          onToggle={(assurance) => setAssurances((set) => toggle(set, assurance))}
        />
      ) : null}
      <fieldset className={`${styles.fieldset} ${styles.languages}`}>
        <legend className={styles.legend}>Языки</legend>
        <label className={styles.field}>
          <span>С какого языка</span>
          <select className={styles.select} value={from} onChange={(e) => setFrom(e.target.value)}>
            <option value="">Выберите язык</option>
            {catalogue.languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>На какой язык</span>
          <select className={styles.select} value={into} onChange={(e) => setInto(e.target.value)}>
            {catalogue.languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {error ? (
        <p id={`${id}-error`} role="alert" className={page.errorText}>
          {error}
        </p>
      ) : null}
      <div className={styles.summary}>
        <p className={styles.total} aria-live="polite">
          {total === null ? 'Выберите документы' : `Стоимость: ${formatRubles(total)}`}
        </p>
        <button type="submit" className={button({ tone: 'primary' })}>
          Далее
        </button>
      </div>
    </form>
  );
}
