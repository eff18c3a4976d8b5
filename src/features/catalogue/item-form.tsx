/**
 * The form of one document type, assurance or delivery: add or change. GOV.UK validation (summary
 * at the top, message beside each field); offline it says edits need the network and keeps what
 * was typed; a refusal of the server (a name the kind already has) shows beside its field. On
 * success the caller re-reads its list and, after an add, closes the form.
 */
import type { FormEvent } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { CheckboxField } from '../../ui/choice-group';
import { ErrorSummary } from '../../ui/error-summary';
import * as form from '../../ui/form.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm } from '../../ui/write-form';
import {
  DELIVERY_CODES,
  type FormValues,
  fieldId,
  fieldsOf,
  type ItemOf,
  initialValues,
  itemBody,
  KINDS,
  type Kind,
  validateItem,
} from './kinds';

const validators = {
  DOCUMENT: validateItem('DOCUMENT'),
  ASSURANCE: validateItem('ASSURANCE'),
  DELIVERY: validateItem('DELIVERY'),
};

/** Each field by the request property the server names in a refusal (a name taken: /body/type). */
const serverFields = (kind: Kind) =>
  Object.fromEntries(
    fieldsOf(kind).map((field) => [field.key, [fieldId(kind, field.key), field.key]] as const),
  );

export interface ItemFormProps<K extends Kind> {
  kind: K;
  /** The item to change; none to add a new one. */
  item?: ItemOf<K>;
  offline: boolean;
  onSaved: (saved: ItemOf<K>) => void | Promise<void>;
}

export function ItemForm<K extends Kind>({ kind, item, offline, onSaved }: ItemFormProps<K>) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit } = useCardForm<FormValues>(
    initialValues(kind, item),
    validators[kind],
    offline,
    serverFields(kind),
  );
  const spec = KINDS[kind];

  async function save(event: FormEvent) {
    await submit(event, async (typed) => {
      const body = itemBody(kind, typed);
      const { calls } = KINDS[kind];
      const answer = item
        ? await calls.update(api.client, { ...body, id: item.id })
        : await calls.create(api.client, body);
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onSaved(answer.data);
      return item ? 'Изменения сохранены' : `Добавлено: ${answer.data.type}`;
    });
  }

  return (
    <form
      className={form.form}
      noValidate
      aria-label={item ? `Изменить: ${item.type}` : spec.add}
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {fieldsOf(kind).map((field) =>
        field.type === 'delivery-code' ? (
          <SelectField
            key={field.key}
            id={fieldId(kind, field.key)}
            label={field.label}
            value={values[field.key] ?? ''}
            onValueChange={set(field.key)}
            options={DELIVERY_CODES}
          />
        ) : (
          <TextField
            key={field.key}
            id={fieldId(kind, field.key)}
            label={field.label}
            hint={field.hint}
            inputMode={field.type === 'money' ? 'decimal' : field.type === 'days' ? 'numeric' : undefined}
            autoComplete="off"
            value={values[field.key] ?? ''}
            error={errors.problems[fieldId(kind, field.key)]}
            onValueChange={set(field.key)}
          />
        ),
      )}
      <CheckboxField
        id={fieldId(kind, 'isActive')}
        label="Показывать в форме заказа"
        checked={values.isActive === 'true'}
        onCheckedChange={(checked) => set('isActive')(String(checked))}
      />
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label={item ? 'Сохранить' : spec.add} />
    </form>
  );
}
