/** The company's details for invoices and acts: ИНН (checksum), КПП, name, address (PUT /api/user/organization). */
import { type FormEvent, useState } from 'react';
import { ErrorSummary } from '../../ui/error-summary';
import { useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import type { Organization } from './cabinet-types';
import { type OrganizationValues, validateOrganization } from './organization-rules';
import { SaveRow, useSave } from './save-form';

export interface OrganizationInputBody {
  inn: string;
  kpp: string | null;
  name: string;
  address: string | null;
}

export interface OrganizationFormProps {
  organization: Organization | null;
  offline: boolean;
  onSave: (body: OrganizationInputBody) => Promise<void>;
}

/** The field of each property of PUT /api/user/organization: the server names them in a refusal. */
const FIELD_IDS: Record<keyof OrganizationValues, string> = {
  inn: 'org-inn',
  kpp: 'org-kpp',
  name: 'org-name',
  address: 'org-address',
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function OrganizationForm({ organization, offline, onSave }: OrganizationFormProps) {
  const [values, setValues] = useState<OrganizationValues>({
    inn: organization?.inn ?? '',
    kpp: organization?.kpp ?? '',
    name: organization?.name ?? '',
    address: organization?.address ?? '',
  });
  const errors = useFieldErrors(validateOrganization);
  const { busy, outcome, save, clearOutcome } = useSave(FIELD_IDS, errors.show);

  const set = (key: keyof OrganizationValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    errors.recheck(next, FIELD_IDS[key]);
    clearOutcome();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || offline || !errors.check(values)) return;
    await save(
      () =>
        onSave({
          inn: values.inn.trim(),
          kpp: orNull(values.kpp),
          name: values.name.trim(),
          address: orNull(values.address),
        }),
      'Реквизиты сохранены',
    );
  }

  return (
    <form className={form.form} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id="org-inn"
        label="ИНН"
        hint="10 цифр для организации, 12 для ИП"
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
        value={values.inn}
        error={errors.problems['org-inn']}
        onValueChange={set('inn')}
      />
      <TextField
        id="org-kpp"
        label="КПП (необязательно)"
        inputMode="numeric"
        maxLength={9}
        autoComplete="off"
        value={values.kpp}
        error={errors.problems['org-kpp']}
        onValueChange={set('kpp')}
      />
      <TextField
        id="org-name"
        label="Название"
        maxLength={300}
        autoComplete="organization"
        value={values.name}
        error={errors.problems['org-name']}
        onValueChange={set('name')}
      />
      <TextField
        id="org-address"
        label="Юридический адрес (необязательно)"
        multiline
        maxLength={500}
        value={values.address}
        error={errors.problems['org-address']}
        onValueChange={set('address')}
      />
      <SaveRow outcome={outcome} busy={busy} offline={offline} label="Сохранить реквизиты" />
    </form>
  );
}
