/**
 * The form of one document type, assurance or delivery: add or change. GOV.UK validation (summary
 * at the top, message beside each field); offline it says edits need the network and keeps what
 * was typed; a refusal of the server (a name the kind already has) shows beside its field. On
 * success the caller re-reads its list (spec 7) and, after an add, closes the form.
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

/** Each field by the request property the server names in a refusal (a name taken: /body/type). */
const serverFields = (kind: Kind) =>
  Object.fromEntries(
    KINDS[kind].fields.map((field) => [field.key, [fieldId(kind, field.key), field.key]] as const),
  );

export interface ItemFormProps {
  kind: Kind;
  /** The item to change; none to add a new one. */
  item?: CatalogueItem;
  offline: boolean;
  onSaved: (saved: CatalogueItem) => void | Promise<void>;
}

export function ItemForm({ kind, item, offline, onSaved }: ItemFormProps) {
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
