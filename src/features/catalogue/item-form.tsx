/**
 * The form of one document type, assurance or delivery: add or change. GOV.UK validation (summary
 * at the top, message beside each field); offline it says edits need the network and keeps what
 * was typed. On success the caller re-reads its list (spec 7).
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
  type CatalogueItem,
  DELIVERY_CODES,
  type FormValues,
  fieldId,
  initialValues,
  itemBody,
  KINDS,
  type Kind,
  PATHS,
  validateItem,
} from './kinds';

const validators = {
  DOCUMENT: validateItem('DOCUMENT'),
  ASSURANCE: validateItem('ASSURANCE'),
  DELIVERY: validateItem('DELIVERY'),
};

export interface ItemFormProps {
  kind: Kind;
  /** The item to change; none to add a new one. */
  item?: CatalogueItem;
  offline: boolean;
  onSaved: (saved: CatalogueItem) => void | Promise<void>;
}

export function ItemForm({ kind, item, offline, onSaved }: ItemFormProps) {
  const { api } = useDataLayer();
  const { values, set, errors, busy, outcome, submit, setValues } = useCardForm<FormValues>(
    initialValues(kind, item),
    validators[kind],
    offline,
  );
  const spec = KINDS[kind];

  async function save(event: FormEvent) {
    const saved = await submit(event, async (typed) => {
      const body = itemBody(kind, typed);
      const client = api.client as unknown as {
        POST: (path: string, init: object) => Promise<{ data?: CatalogueItem }>;
        PUT: (path: string, init: object) => Promise<{ data?: CatalogueItem }>;
      };
      const answer = item
        ? await client.PUT(PATHS[kind], { body: { ...body, id: item.id } })
        : await client.POST(PATHS[kind], { body });
      if (!answer.data) throw new Error('Сервер вернул пустой ответ');
      await onSaved(answer.data);
      return item ? 'Изменения сохранены' : `Добавлено: ${answer.data.type}`;
    });
    if (saved && !item) setValues(initialValues(kind));
  }

  return (
    <form
      className={form.form}
      noValidate
      aria-label={item ? `Изменить: ${item.type}` : spec.add}
      onSubmit={(event) => void save(event)}
    >
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      {spec.fields.map((field) =>
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
            inputMode={field.type === 'money' ? 'decimal' : undefined}
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
