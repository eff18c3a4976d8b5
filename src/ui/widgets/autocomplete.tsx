/**
 * The autocomplete (docs/back-office-screens.md, widgets): a text field with a list of matching
 * options under it, an ARIA combobox with aria-autocomplete="list". «Не найдено» when nothing
 * matches what was typed; the list hides 200 ms after the field loses focus (a tap on an option
 * lands first on phones) and is at most 60 units high. The caller owns the typed text; options are
 * filtered here unless the caller already did (`filter={false}`, suggestions from the server).
 *
 *   <Autocomplete label="Партнёр" options={partners} value={query} onValueChange={setQuery}
 *     onOptionSelect={(partner) => setPartnerId(partner.value)} />
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../text-field';
import * as shared from './shared.css';

export const NOT_FOUND_TEXT = 'Не найдено';
export const AUTOCOMPLETE_HIDE_MS = 200;

export interface AutocompleteOption {
  value: string;
  label: string;
}

export interface AutocompleteProps {
  label: string;
  options: readonly AutocompleteOption[];
  value: string;
  onValueChange: (text: string) => void;
  onOptionSelect: (option: AutocompleteOption) => void;
  /** false when the options already match the text (the server searched). */
  filter?: boolean;
  hint?: string;
  error?: string | null;
  id?: string;
  notFoundText?: string;
}

const fold = (text: string) => text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').trim();

export function matchingOptions(options: readonly AutocompleteOption[], text: string) {
  const query = fold(text);
  return query ? options.filter((option) => fold(option.label).includes(query)) : [...options];
}

export function Autocomplete(props: AutocompleteProps) {
  const { label, options, value, onValueChange, onOptionSelect, hint, error } = props;
  const generated = useId();
  const id = props.id ?? generated;
  const listId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const shownOptions = props.filter === false ? options : matchingOptions(options, value);
  const notFound = open && value.trim() !== '' && shownOptions.length === 0;
  const listShown = open && shownOptions.length > 0;

  useEffect(() => {
    if (listShown && active >= 0)
      document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [listShown, active, id]);

  const show = () => {
    clearTimeout(hideTimer.current);
    setOpen(true);
  };
  const take = (option: AutocompleteOption) => {
    onOptionSelect(option);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const count = shownOptions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
      if (count === 0) return;
      const by = event.key === 'ArrowDown' ? 1 : -1;
      // From «nothing active» Down goes to the first option and Up to the last.
      setActive((index) => (index < 0 ? (by === 1 ? 0 : count - 1) : (index + by + count) % count));
    } else if (event.key === 'Enter' && listShown && active >= 0 && active < count) {
      event.preventDefault();
      take(shownOptions[active] as AutocompleteOption);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // The first Escape closes the list, the next clears the text (WAI-ARIA combobox pattern).
      if (open) setOpen(false);
      else onValueChange('');
      setActive(-1);
    }
  };

  return (
    <div className={shared.anchor}>
      <TextField
        id={id}
        label={label}
        hint={hint}
        error={error}
        value={value}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-activedescendant={listShown && active >= 0 ? `${id}-option-${active}` : undefined}
        onKeyDown={onKeyDown}
        onFocus={show}
        onBlur={() => {
          clearTimeout(hideTimer.current);
          hideTimer.current = setTimeout(() => setOpen(false), AUTOCOMPLETE_HIDE_MS);
        }}
        onValueChange={(text) => {
          show();
          setActive(-1);
          onValueChange(text);
        }}
      />
      <div id={listId} role="listbox" aria-label={label} hidden={!listShown} className={shared.popup}>
        {shownOptions.map((option, index) => (
          <div
            key={option.value}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            data-active={index === active ? '' : undefined}
            // The field keeps focus (aria-activedescendant); -1 only lets a pointer focus it.
            tabIndex={-1}
            className={shared.option}
            onMouseDown={(event) => {
              event.preventDefault();
              take(option);
            }}
          >
            {option.label}
          </div>
        ))}
      </div>
      {/* Always in the page, so screen readers announce «Не найдено» when it appears. */}
      <div role="status" className={notFound ? shared.popupMessage : undefined}>
        {notFound ? (props.notFoundText ?? NOT_FOUND_TEXT) : null}
      </div>
    </div>
  );
}
