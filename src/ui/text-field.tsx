/**
 * A labelled text control, the way every form of the app shows one: the label above, an optional
 * hint, the error message (GOV.UK pattern: between label and control, tied to it for screen
 * readers), then the input or textarea. Pass `id` when an ErrorSummary must link to the field.
 */
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import * as form from './form.css';

interface FieldBase {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  /** The Russian message when the value breaks a rule; gone once the caller clears it. */
  error?: string | null;
  /** A stable id for links from the error summary; generated when absent. */
  id?: string;
  /** Replaces the control's class (e.g. form.code for the six-digit code). */
  controlClassName?: string;
}

type InputField = FieldBase &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & { multiline?: false };
type TextareaField = FieldBase &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & { multiline: true };

export type TextFieldProps = InputField | TextareaField;

export function TextField(props: TextFieldProps) {
  const generated = useId();
  const { label, value, onValueChange, hint, error, id: givenId, controlClassName, ...control } = props;
  const id = givenId ?? generated;
  const describedBy =
    [control['aria-describedby'], fieldNoteIds(id, hint, error)].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    value,
    'aria-describedby': describedBy,
    // A caller may mark the control invalid for a server's refusal shown elsewhere.
    'aria-invalid': error ? true : control['aria-invalid'],
  };
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      {control.multiline ? (
        <textarea
          {...withoutMultiline(control)}
          {...shared}
          className={controlClassName ?? form.textarea}
          onChange={(event) => onValueChange(event.target.value)}
        />
      ) : (
        <input
          {...withoutMultiline(control)}
          {...shared}
          className={controlClassName ?? form.input}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </LabelledField>
  );
}

/** Label, hint and message above one control (`children`, whose id is `id`). */
export function LabelledField(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div className={fieldClass(props.error)}>
      <label htmlFor={props.id} className={form.label}>
        {props.label}
      </label>
      <FieldNotes id={props.id} hint={props.hint} error={props.error} />
      {props.children}
    </div>
  );
}

/** A field's wrapper: a red bar on its left while it is in error. */
export function fieldClass(error: string | null | undefined): string {
  return error ? `${form.field} ${form.fieldInError}` : form.field;
}

/** The ids FieldNotes gives its hint and message, for the control's aria-describedby. */
export function fieldNoteIds(id: string, hint?: string, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The hint and the message, between a field's label (or legend) and its control. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={form.hint}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
    </>
  );
}

/** The message beside a field; «Ошибка:» is read out first, as GOV.UK does, but not shown. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={form.fieldError}>
      <span className="visually-hidden">Ошибка: </span>
      {message}
    </p>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>({
  multiline: _,
  ...rest
}: T): Omit<T, 'multiline'> {
  return rest;
}
