/**
 * The search of the partner's orders: a number, a name or a phone, sent on «Найти» (a phone on a
 * slow network should not call the server at each keystroke). The server needs three characters.
 */
import { type FormEvent, useState } from 'react';
import { button } from '../../ui/button';
import { ErrorSummary } from '../../ui/error-summary';
import { TextField } from '../../ui/text-field';
import * as styles from './partner-orders.css';

export const SEARCH_MIN_LENGTH = 3;
const TOO_SHORT = `Введите для поиска не меньше ${SEARCH_MIN_LENGTH} символов`;
const FIELD_ID = 'partner-orders-search';

export function SearchForm({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (search: string | undefined) => void;
}) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [shownValue, setShownValue] = useState(value);
  // A search changed from outside (the «Показать все» reset, back button) replaces the typed text.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
    setError(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (term.length > 0 && term.length < SEARCH_MIN_LENGTH) {
      setError(TOO_SHORT);
      setAttempt((count) => count + 1);
      return;
    }
    setError(null);
    onSearch(term || undefined);
  };

  return (
    <search>
      <form noValidate onSubmit={submit} aria-label="Поиск заказов">
        <ErrorSummary errors={error ? [{ fieldId: FIELD_ID, message: error }] : []} focusKey={attempt} />
        <div className={styles.searchRow}>
          <div className={styles.grow}>
            <TextField
              id={FIELD_ID}
              type="search"
              label="Номер, имя или телефон"
              value={text}
              error={error}
              enterKeyHint="search"
              onValueChange={(next) => {
                setText(next);
                const term = next.trim();
                if (error && (term.length === 0 || term.length >= SEARCH_MIN_LENGTH)) setError(null);
              }}
            />
          </div>
          <button type="submit" className={button({ tone: 'secondary' })}>
            Найти
          </button>
        </div>
      </form>
    </search>
  );
}
