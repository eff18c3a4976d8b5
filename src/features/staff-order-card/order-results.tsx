/**
 * «Готовый перевод» on the office's card: the files attached for the customer (who attached each,
 * when, the note) and, while the order is not cancelled, a form to attach more — PDF, DOCX, JPG or
 * PNG with a note the customer reads beside them and in the mail (POST /api/order/{id}/results).
 * Until the hand-over (COMPLETED) a file can be removed. Writes need the network, as the card's
 * other forms.
 */
import { type FormEvent, useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { RESULT_NOTE_MAX, resultNoteTooLong } from '../../domain/order-messages';
import { isPriceEditable, mayAttachResults, mayRemoveResults } from '../../domain/order-status';
import { ConfirmDelete } from '../../ui/confirm-delete';
import { ErrorSummary } from '../../ui/error-summary';
import { byField, useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import { type OrderResult, ResultsList } from '../../ui/order/results-list';
import * as page from '../../ui/page.css';
import { TextField } from '../../ui/text-field';
import { FileUploader } from '../../ui/uploader/file-uploader';
import { SubmitRow, useCardWrite } from '../../ui/write-form';
import type { StaffOrder } from './staff-order-types';

/** What the server takes for a result, by extension on the device (the server checks the content). */
export const RESULT_ACCEPT = ['.pdf', '.docx', '.jpg', '.jpeg', '.png'] as const;

const FILES_ID = 'card-results-files';
const NOTE_ID = 'card-results-note';

interface Values {
  files: { id: string; file: File }[];
  note: string;
}

const validate = byField<Values>({
  [FILES_ID]: (v) => (v.files.length === 0 ? 'Выберите файлы готового перевода' : null),
  [NOTE_ID]: (v) => (v.note.trim().length > RESULT_NOTE_MAX ? resultNoteTooLong(v.note.trim().length) : null),
});

export interface OrderResultsProps {
  order: Pick<StaffOrder, 'id' | 'number' | 'status'>;
  results: readonly OrderResult[];
  offline: boolean;
  onChanged: () => Promise<void>;
}

export function OrderResults({ order, results, offline, onChanged }: OrderResultsProps) {
  const { api } = useDataLayer();
  const [values, setValues] = useState<Values>({ files: [], note: '' });
  const errors = useFieldErrors(validate);
  const upload = useCardWrite();
  // One key per upload: a retry after a lost answer attaches nothing twice.
  const key = useRef<string>(crypto.randomUUID());

  const change = (next: Values, field: string) => {
    setValues(next);
    errors.recheck(next, field);
    upload.clearOutcome();
    key.current = crypto.randomUUID();
  };

  async function attach(event: FormEvent) {
    event.preventDefault();
    if (upload.busy || offline || !errors.check(values)) return;
    const sent = values;
    const saved = await upload.write(async () => {
      const body = new FormData();
      if (sent.note.trim()) body.append('note', sent.note.trim());
      for (const { file } of sent.files) body.append('files', file, file.name);
      await api.client.POST('/api/order/{id}/results', {
        params: { path: { id: order.id }, header: { 'Idempotency-Key': key.current } },
        // openapi-fetch sends FormData as is; the generated type describes the parts as strings.
        body: body as unknown as { files: string[]; note?: string },
      });
      await onChanged();
      return sent.files.length === 1
        ? `Файл «${sent.files[0]?.file.name}» прикреплён: клиенту ушли уведомление и письмо`
        : `Файлы прикреплены (${sent.files.length}): клиенту ушли уведомление и письмо`;
    });
    if (saved) {
      setValues({ files: [], note: '' });
      key.current = crypto.randomUUID();
    }
  }

  const removeButton = (result: OrderResult) => (
    <ConfirmDelete
      what={`файл «${result.name}»`}
      offline={offline}
      note="Клиент больше не сможет его скачать. Запись об удалении останется в истории заказа."
      remove={async () => {
        await api.client.DELETE('/api/order/{id}/results', {
          params: { path: { id: order.id }, query: { resultId: result.id } },
        });
        return `Файл «${result.name}» удалён`;
      }}
      onDeleted={onChanged}
    />
  );
  return (
    <Section id="card-results" title="Готовый перевод">
      {results.length > 0 ? (
        <ResultsList results={results} action={mayRemoveResults(order.status) ? removeButton : undefined} />
      ) : (
        <p className={page.muted}>Файлы перевода ещё не прикреплены.</p>
      )}
      {results.length > 0 && !mayRemoveResults(order.status) ? (
        <p className={page.muted}>Заказ выдан: прикреплённые файлы больше не удаляются.</p>
      ) : null}
      {mayAttachResults(order.status) ? (
        <form
          className={form.form}
          noValidate
          aria-label="Прикрепить готовый перевод"
          onSubmit={(event) => void attach(event)}
        >
          <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
          {isPriceEditable(order.status) ? (
            <p className={page.muted}>Заказ ещё не оплачен: клиент сможет скачать перевод сразу.</p>
          ) : null}
          <FileUploader
            label="Файлы перевода"
            hint="PDF, DOCX, JPG или PNG, до 100 МБ каждый. Клиент скачает их в личном кабинете."
            inputId={FILES_ID}
            rules={{ multiple: true, accept: RESULT_ACCEPT }}
            items={values.files.map(({ id, file }) => ({
              id,
              name: file.name,
              size: file.size,
              state: 'chosen',
            }))}
            error={errors.problems[FILES_ID]}
            onAdd={(files) =>
              change(
                {
                  ...values,
                  files: [...values.files, ...files.map((file) => ({ id: crypto.randomUUID(), file }))],
                },
                FILES_ID,
              )
            }
            onRemove={(id) =>
              change({ ...values, files: values.files.filter((item) => item.id !== id) }, FILES_ID)
            }
            onRetry={() => undefined}
          />
          <TextField
            id={NOTE_ID}
            label="Комментарий для клиента (необязательно)"
            hint="Клиент увидит его рядом с файлами и в письме, например «Оригинал с печатью — в пункте выдачи»"
            multiline
            rows={2}
            value={values.note}
            error={errors.problems[NOTE_ID]}
            onValueChange={(note) => change({ ...values, note }, NOTE_ID)}
          />
          <SubmitRow
            outcome={upload.outcome}
            busy={upload.busy}
            offline={offline}
            label="Прикрепить и отправить клиенту"
          />
        </form>
      ) : (
        <p className={page.muted}>Заказ отменён: готовый перевод к нему не прикрепляется.</p>
      )}
    </Section>
  );
}
