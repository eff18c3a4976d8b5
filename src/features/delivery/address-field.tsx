/**
 * The courier's address with suggestions from the server's proxy (the provider's key never
 * reaches the browser). An ARIA combobox: arrows move through the suggestions, Enter takes one,
 * Escape closes them. Without a provider, offline, or when it fails, the field stays a plain
 * text field and says «Подсказки адресов недоступны»: any typed address is accepted.
 */
import { type KeyboardEvent, useEffect, useState } from 'react';
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { TextField } from '../../ui/text-field';
import * as styles from './delivery.css';

type Suggestion = components['schemas']['AddressSuggestion'];

const LIST_ID = 'address-suggestions';
/** Fewer letters than this find too much to be useful; the contract's minimum. */
export const SUGGEST_MIN_LENGTH = 3;
/** Waits for a pause in typing so a word costs one request, not one per letter. */
const TYPING_PAUSE_MS = 300;
const HINT = 'Город, улица, дом, квартира';

export function AddressField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (address: string) => void;
}) {
  const { api } = useDataLayer();
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [available, setAvailable] = useState(true);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    const query = value.trim();
    if (!typed || query.length < SUGGEST_MIN_LENGTH || !available) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        const answer = unwrap(await api.client.POST('/api/address/suggest', { body: { query, count: 7 } }));
        if (!current) return;
        setAvailable(answer.available);
        // One option per address text: the option's key and what the customer can tell apart.
        setSuggestions(
          answer.suggestions.filter((s, i, all) => all.findIndex((o) => o.value === s.value) === i),
        );
        setActive(-1);
      } catch {
        // Offline or refused: the plain field is all the order needs.
        if (current) setAvailable(false);
      }
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, value, typed, available]);

  const shown = open && suggestions.length > 0;
  const take = (suggestion: Suggestion) => {
    onChange(suggestion.value);
    setTyped(false);
    setOpen(false);
    setSuggestions([]);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && shown) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      take(suggestions[active] as Suggestion);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={styles.addressBox}>
      <TextField
        id="address"
        label="Адрес доставки"
        hint={available ? HINT : `${HINT}. Подсказки адресов недоступны`}
        autoComplete="street-address"
        maxLength={500}
        value={value}
        error={error}
        role={available ? 'combobox' : undefined}
        aria-autocomplete={available ? 'list' : undefined}
        aria-expanded={available ? shown : undefined}
        aria-controls={available ? LIST_ID : undefined}
        aria-activedescendant={shown && active >= 0 ? `${LIST_ID}-${active}` : undefined}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onValueChange={(address) => {
          setTyped(true);
          setOpen(true);
          onChange(address);
        }}
      />
      {shown ? (
        <div id={LIST_ID} role="listbox" aria-label="Подсказки адресов" className={styles.suggestions}>
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.value}
              id={`${LIST_ID}-${index}`}
              role="option"
              aria-selected={index === active}
              // The input keeps focus (aria-activedescendant); -1 only lets a pointer focus it.
              tabIndex={-1}
              className={styles.suggestion}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                take(suggestion);
              }}
            >
              {suggestion.value}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
