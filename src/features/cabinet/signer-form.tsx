/** Who signs acts for the company (PATCH /api/organization/{orgId}/signer). */
import { type FormEvent, useState } from 'react';
import { ErrorSummary } from '../../ui/error-summary';
import { useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import type { Organization } from './cabinet-types';
import { type SignerValues, validateSigner } from './organization-rules';
import { SaveRow, useSave } from './save-form';

export interface SignerFormProps {
  organization: Organization;
  offline: boolean;
  onSave: (body: SignerValues) => Promise<void>;
}

/** The field of each property of the signer's PATCH: the server names them in a refusal. */
const FIELD_IDS: Record<keyof SignerValues, string> = {
  signerName: 'signer-name',
  signerPosition: 'signer-position',
};

export function SignerForm({ organization, offline, onSave }: SignerFormProps) {
  const [values, setValues] = useState<SignerValues>({
    signerName: organization.signerName ?? '',
    signerPosition: organization.signerPosition ?? '',
  });
  const errors = useFieldErrors(validateSigner);
  const { busy, outcome, save, clearOutcome } = useSave(FIELD_IDS, errors.show);

  const set = (key: keyof SignerValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    errors.recheck(next, FIELD_IDS[key]);
    clearOutcome();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || offline || !errors.check(values)) return;
    await save(
      () => onSave({ signerName: values.signerName.trim(), signerPosition: values.signerPosition.trim() }),
      'Подписант сохранён',
    );
  }

  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="signer-name"
        label="ФИО подписанта"
        maxLength={200}
        autoComplete="name"
        value={values.signerName}
        error={errors.problems['signer-name']}
        onValueChange={set('signerName')}
      />
      <TextField
        id="signer-position"
        label="Должность"
        hint="Например: Генеральный директор"
        maxLength={200}
        autoComplete="organization-title"
        value={values.signerPosition}
        error={errors.problems['signer-position']}
        onValueChange={set('signerPosition')}
      />
      <SaveRow outcome={outcome} busy={busy} offline={offline} label="Сохранить подписанта" />
    </form>
  );
}
