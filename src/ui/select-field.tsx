/**
 * A labelled native select with the TextField pattern (label, hint, message, aria wiring). Native,
 * so phones show their own picker and the keyboard works as everywhere else.
 *
 *   <SelectField id="language" label="Язык" value={lang} onValueChange={setLang}
 *     placeholder="Выберите язык" options={[{ value: 'en', label: 'Английский' }]} error={problems.language} />
 */
import * as form from './form.css';
import { fieldNoteIds, LabelledField } from './text-field';

export interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The first, empty choice («Выберите …»); its value is ''. */
  placeholder?: string;
  hint?: string;
  error?: string | null;
  autoComplete?: string;
}

export function SelectField(props: SelectFieldProps) {
  const { id, label, value, onValueChange, options, placeholder, hint, error, autoComplete } = props;
  return (
    <LabelledField id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className={form.select}
        value={value}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldNoteIds(id, hint, error)}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
