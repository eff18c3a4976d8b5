/**
 * Radios and checkboxes in the GOV.UK pattern: a fieldset whose legend asks the question, an
 * optional hint, the error message between them and the options, the group tied to both for
 * screen readers. `id` goes to the first option so an ErrorSummary link lands on the group.
 *
 *   <RadioGroup id="payerType" legend="Кто платит" value={payer} onValueChange={setPayer}
 *     options={[{ value: 'INDIVIDUAL', label: 'Частное лицо' }, { value: 'LEGAL', label: 'Организация' }]}
 *     error={problems.payerType} />
 *   <CheckboxField id="consent" label="Согласен на обработку данных" checked={ok} onCheckedChange={setOk} error={...} />
 */
import type { ReactNode } from 'react';
import * as form from './form.css';
import { FieldError, FieldNotes, fieldClass, fieldNoteIds } from './text-field';

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: string;
}

export interface RadioGroupProps<T extends string> {
  id: string;
  legend: string;
  options: readonly ChoiceOption<T>[];
  value: T | null;
  onValueChange: (value: T) => void;
  hint?: string;
  error?: string | null;
  /** The radios' name; the id when absent. */
  name?: string;
}

export function RadioGroup<T extends string>(props: RadioGroupProps<T>) {
  const { id, legend, options, value, onValueChange, hint, error, name = props.id } = props;
  return (
    <fieldset
      className={error ? `${form.choiceGroup} ${form.fieldInError}` : form.choiceGroup}
      aria-describedby={fieldNoteIds(id, hint, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className={form.legend}>{legend}</legend>
      <FieldNotes id={id} hint={hint} error={error} />
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        return (
          <label key={option.value} className={form.choice} htmlFor={optionId}>
            <input
              id={optionId}
              type="radio"
              name={name}
              value={option.value}
              className={form.choiceControl}
              checked={value === option.value}
              aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              onChange={() => onValueChange(option.value)}
            />
            <span>
              {option.label}
              {option.hint ? (
                <span id={`${optionId}-hint`} className={form.hint}>
                  {' '}
                  {option.hint}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
}

/** One checkbox (a consent, an option); its message sits above it like a text field's. */
export function CheckboxField({ id, label, checked, onCheckedChange, error }: CheckboxFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={fieldClass(error)}>
      {error ? <FieldError id={errorId as string} message={error} /> : null}
      <label className={form.choice} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className={form.choiceControl}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}
