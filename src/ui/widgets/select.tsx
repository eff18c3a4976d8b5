/**
 * The back office's select (docs/back-office-screens.md, widgets): a select-only combobox in the
 * WAI-ARIA pattern, with the placeholder «Выберите поле» until a value is chosen. Keyboard: Enter,
 * Space, arrows, Home and End open and move; Enter, Space or Tab take the active option; Escape
 * closes; letters jump to an option (type-ahead, reset after 350 ms). Unlike the native SelectField
 * it can draw its options (colour swatches) and looks the same on every platform.
 *
 *   <Select label="Статус" options={statuses} value={status} onValueChange={setStatus} />
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import * as form from '../form.css';
import { FieldNotes, fieldClass, fieldNoteIds } from '../text-field';
import * as styles from './select.css';
import * as shared from './shared.css';
import { findTypeAhead, isTypeAheadKey, useTypeAhead } from './type-ahead';

export const SELECT_PLACEHOLDER = 'Выберите поле';

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<T extends string> {
  label: string;
  options: readonly SelectOption<T>[];
  value: T | null;
  onValueChange: (value: T) => void;
  placeholder?: string;
  hint?: string;
  error?: string | null;
  /** For links from an error summary; generated when absent. */
  id?: string;
  /** Draws an option, in the list and in the closed control; its label by default. */
  renderOption?: (option: SelectOption<T>) => ReactNode;
}

export function Select<T extends string>(props: SelectProps<T>) {
  const { label, options, value, onValueChange, placeholder = SELECT_PLACEHOLDER, hint, error } = props;
  const generated = useId();
  const id = props.id ?? generated;
  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const render = props.renderOption ?? ((option: SelectOption<T>) => option.label);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typeAhead = useTypeAhead();
  const control = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const enabled = (index: number) => index >= 0 && index < options.length && !options[index]?.disabled;
  const step = (from: number, by: 1 | -1) => {
    for (let index = from + by; index >= 0 && index < options.length; index += by) {
      if (enabled(index)) return index;
    }
    return from;
  };
  const first = () => step(-1, 1);
  const last = () => step(options.length, -1);

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option && !option.disabled) onValueChange(option.value);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const current = open ? active : selectedIndex;
    if (isTypeAheadKey(event)) {
      const found = findTypeAhead(
        // A disabled option cannot be landed on, so it never matches.
        options.map((option) => (option.disabled ? '' : option.label)),
        typeAhead(event.key),
        current,
      );
      if (enabled(found)) openAt(found);
      return;
    }
    const keys: Record<string, () => void> = open
      ? {
          ArrowDown: () => setActive(event.altKey ? active : step(active, 1)),
          ArrowUp: () => (event.altKey ? choose(active) : setActive(step(active, -1))),
          Home: () => setActive(first()),
          End: () => setActive(last()),
          PageDown: () => setActive(Math.min(step(active + 9, 1), last())),
          PageUp: () => setActive(Math.max(step(active - 9, -1), first())),
          Enter: () => choose(active),
          ' ': () => choose(active),
          Escape: () => setOpen(false),
        }
      : {
          ArrowDown: () => openAt(selectedIndex >= 0 ? selectedIndex : first()),
          ArrowUp: () => openAt(selectedIndex >= 0 ? selectedIndex : first()),
          Enter: () => openAt(selectedIndex >= 0 ? selectedIndex : first()),
          ' ': () => openAt(selectedIndex >= 0 ? selectedIndex : first()),
          Home: () => openAt(first()),
          End: () => openAt(last()),
        };
    if (open && event.key === 'Tab') {
      // Tab takes the active option and lets the focus move on.
      choose(active);
      return;
    }
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const selected = options[selectedIndex];
  return (
    <div className={fieldClass(error)}>
      {/* A span, not a label: a label does not name a div; clicking it still focuses the control. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the control itself is keyboard operable. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: same as a label's click, the control takes keys. */}
      <span id={labelId} className={form.label} onClick={() => control.current?.focus()}>
        {label}
      </span>
      <FieldNotes id={id} hint={hint} error={error} />
      <div className={shared.anchor}>
        <div
          ref={control}
          id={id}
          role="combobox"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-controls={listId}
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNoteIds(id, hint, error)}
          className={styles.control}
          onClick={() => (open ? setOpen(false) : openAt(selectedIndex >= 0 ? selectedIndex : first()))}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!list.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          {selected ? (
            <span className={styles.value}>{render(selected)}</span>
          ) : (
            <span className={styles.placeholder}>{placeholder}</span>
          )}
          <span aria-hidden="true" className={styles.chevron}>
            ▾
          </span>
        </div>
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          hidden={!open}
          className={shared.popup}
        >
          {options.map((option, index) => (
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              aria-disabled={option.disabled ? true : undefined}
              data-active={index === active ? '' : undefined}
              // The combobox keeps focus (aria-activedescendant); -1 only lets a pointer focus it.
              tabIndex={-1}
              className={shared.option}
              // mousedown, not click: focus stays on the combobox, so the list does not close first.
              onMouseDown={(event) => {
                event.preventDefault();
                if (!option.disabled) choose(index);
              }}
            >
              <span className={styles.check} aria-hidden="true">
                {option.value === value ? '✓' : ''}
              </span>
              {render(option)}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
