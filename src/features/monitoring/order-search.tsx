/**
 * «Номер или id заказа» and a button: the dashboard opens the order's page with it, the queue
 * page lists its tasks. An empty search is refused on the spot.
 */
import { type FormEvent, useState } from 'react';
import { button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import * as styles from './monitoring.css';

export const EMPTY_SEARCH = 'Введите номер или id заказа';

export function OrderSearch(props: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSearch: (ref: string) => void;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const ref = value.trim().replace(/^[№#]\s*/, '');
    if (!ref) {
      setError(EMPTY_SEARCH);
      return;
    }
    setError(null);
    props.onSearch(ref);
  }
  return (
    <form onSubmit={submit} className={styles.searchRow} noValidate>
      <div className={styles.searchField}>
        <TextField
          label={props.label}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            if (error && next.trim()) setError(null);
          }}
          error={error}
          inputMode="text"
          autoComplete="off"
          placeholder="2611-00042 или 42"
          maxLength={30}
        />
      </div>
      <button type="submit" className={button({ tone: 'primary' })}>
        {props.submitLabel}
      </button>
    </form>
  );
}
