/**
 * A labelled text control, the way every form of the app shows one: the label above, the input
 * (or a textarea) in the form styles, an optional hint tied to it for screen readers.
 */
import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import * as form from './form.css';

interface FieldBase {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** Replaces the control's class (e.g. form.code for the six-digit code). */
  controlClassName?: string;
}

type InputField = FieldBase &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & { multiline?: false };
type TextareaField = FieldBase &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & { multiline: true };

export type TextFieldProps = InputField | TextareaField;

export function TextField(props: TextFieldProps) {
  const id = useId();
  const { label, value, onValueChange, hint, controlClassName, ...control } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [control['aria-describedby'], hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      {control.multiline ? (
        <textarea
          {...withoutMultiline(control)}
          id={id}
          className={controlClassName ?? form.textarea}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        />
      ) : (
        <input
          {...withoutMultiline(control)}
          id={id}
          className={controlClassName ?? form.input}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
      {hint ? (
        <p id={hintId} className={form.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({
  multiline: _,
  ...rest
}: T): Omit<T, 'multiline'> {
  return rest;
}
