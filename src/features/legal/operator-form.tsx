/**
 * The operator of personal data (PUT /api/admin/legal/operator): the name, INN, address and the
 * email for requests that every customer document shows in place of its {{placeholders}}. A change
 * shows at once on /consent, /privacy and /offer without a new version of any of them.
 */
import { type FormEvent, type InputHTMLAttributes, useMemo } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { emailProblem } from '../../domain/email';
import { INN_ERROR, isValidInn } from '../../domain/inn';
import type { LegalOperator } from '../../domain/legal-documents';
import { byField } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';

type OperatorValues = { [K in keyof LegalOperator]: string };

const FIELDS = {
  name: ['legal-operator-name', 'name'],
  inn: ['legal-operator-inn', 'inn'],
  address: ['legal-operator-address', 'address'],
  contact: ['legal-operator-contact', 'contact'],
} as const;

/** The form's fields in order, each with what a person needs to fill it. */
const CONTROLS: ({
  key: keyof OperatorValues;
  label: string;
  hint: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'maxLength' | 'autoComplete' | 'inputMode' | 'type'>)[] = [
  {
    key: 'name',
    label: 'Название организации или ИП',
    hint: 'Как в ЕГРЮЛ или ЕГРИП, например ООО «Бюро переводов „Слово“»',
    maxLength: 300,
    autoComplete: 'organization',
  },
  {
    key: 'inn',
    label: 'ИНН',
    hint: '10 цифр для организации, 12 для ИП',
    inputMode: 'numeric',
    maxLength: 12,
  },
  {
    key: 'address',
    label: 'Адрес',
    hint: 'Юридический адрес: по нему принимают письменные обращения',
    maxLength: 500,
  },
  {
    key: 'contact',
    label: 'Email для обращений о персональных данных',
    hint: 'Сюда клиенты пишут, чтобы узнать, какие данные о них хранятся, или отозвать согласие',
    type: 'email',
    maxLength: 200,
    autoComplete: 'email',
  },
];

const validate = byField<OperatorValues>({
  [FIELDS.name[0]]: (v) => (v.name.trim() ? null : 'Введите название организации или ИП'),
  [FIELDS.inn[0]]: (v) => (!v.inn.trim() ? 'Введите ИНН' : isValidInn(v.inn.trim()) ? null : INN_ERROR),
  [FIELDS.address[0]]: (v) => (v.address.trim() ? null : 'Введите адрес'),
  [FIELDS.contact[0]]: (v) => {
    const problem = emailProblem(v.contact);
    return problem ? `${problem} для обращений о персональных данных` : null;
  },
});

export function OperatorForm({
  operator,
  offline,
  onSaved,
}: {
  operator: LegalOperator;
  offline: boolean;
  onSaved: () => Promise<void>;
}) {
  const { api } = useDataLayer();
  const initial = useMemo(() => ({ ...operator }), [operator]);
  const { values, set, errors, busy, outcome, submit } = useCardForm<OperatorValues>(
    initial,
    validate,
    offline,
    FIELDS,
  );

  async function save(event: FormEvent) {
    await submit(event, async (entered) => {
      await api.client.PUT('/api/admin/legal/operator', {
        body: {
          name: entered.name.trim(),
          inn: entered.inn.trim(),
          address: entered.address.trim(),
          contact: entered.contact.trim(),
        },
      });
      await onSaved();
      return 'Реквизиты сохранены: документы на сайте уже показывают их';
    });
  }

  return (
    <Section id="legal-operator" title="Оператор персональных данных">
      <p className={form.hint}>
        Эти реквизиты подставляются во все документы вместо {'{{operatorName}}'}, {'{{operatorInn}}'},{' '}
        {'{{operatorAddress}}'} и {'{{operatorContact}}'}. Новая редакция документов для этого не нужна.
      </p>
      <WriteFormFrame label="Оператор персональных данных" errors={errors} onSubmit={save}>
        {CONTROLS.map(({ key, label, hint, ...control }) => (
          <TextField
            key={key}
            id={FIELDS[key][0]}
            label={label}
            hint={hint}
            value={values[key]}
            onValueChange={set(key)}
            error={errors.problems[FIELDS[key][0]]}
            {...control}
          />
        ))}
        <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить реквизиты" />
      </WriteFormFrame>
    </Section>
  );
}
