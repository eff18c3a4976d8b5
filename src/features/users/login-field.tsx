/** A staff login's field: no autocomplete or spell check, the contract's length. */
import { TextField } from '../../ui/text-field';

export interface LoginFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onValueChange: (value: string) => void;
}

export function LoginField({ id, value, error, hint, onValueChange }: LoginFieldProps) {
  return (
    <TextField
      id={id}
      label="Логин"
      hint={hint}
      autoComplete="off"
      spellCheck={false}
      maxLength={254}
      value={value}
      error={error}
      onValueChange={onValueChange}
    />
  );
}
