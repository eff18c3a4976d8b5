/**
 * Writing a message: a labelled text field, files (checked on the device as every upload: type,
 * 100 MB), «Отправить». The GOV.UK way: a submit that breaks a rule shows the summary at the top
 * and the message beside its field, which clears once the field is fixed. Offline it still sends:
 * the message waits on the device and goes when the network is back.
 */
import { type FormEvent, type Ref, useState } from 'react';
import {
  MESSAGE_EMPTY,
  MESSAGE_FILES_MAX,
  MESSAGE_TEXT_MAX,
  messageTooLong,
  tooManyMessageFiles,
} from '../../domain/order-messages';
import { button } from '../button';
import { ErrorSummary } from '../error-summary';
import { byField, useFieldErrors } from '../field-errors';
import * as form from '../form.css';
import { conversation as styles } from '../order/order-widgets.css';
import { TextField } from '../text-field';
import { FileUploader } from '../uploader/file-uploader';

export interface ComposedMessage {
  text: string;
  files: File[];
}

interface Values {
  text: string;
  files: { id: string; file: File }[];
}

export interface MessageComposerProps {
  /** Ids of the fields, unique on the page. */
  idPrefix: string;
  label: string;
  hint: string;
  online: boolean;
  /** Queues and sends the message; rejects when it could not even be kept on the device. */
  onSend: (message: ComposedMessage) => Promise<void>;
  /** A refused message taken back into the form (text and files). */
  draft?: { key: number; message: ComposedMessage } | null;
  formRef?: Ref<HTMLFormElement>;
}

export function MessageComposer(props: MessageComposerProps) {
  const { idPrefix, label, hint, online, onSend } = props;
  const textId = `${idPrefix}-text`;
  const filesId = `${idPrefix}-files`;
  const [values, setValues] = useState<Values>({ text: '', files: [] });
  const [draftKey, setDraftKey] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [validate] = useState(() =>
    byField<Values>({
      [textId]: (v) => {
        const length = v.text.trim().length;
        if (length === 0 && v.files.length === 0) return MESSAGE_EMPTY;
        return length > MESSAGE_TEXT_MAX ? messageTooLong(length) : null;
      },
      [filesId]: (v) => (v.files.length > MESSAGE_FILES_MAX ? tooManyMessageFiles(v.files.length) : null),
    }),
  );
  const { problems, summary, submits, check, recheck } = useFieldErrors(validate);

  // A refused message taken back: its text and files fill the form again.
  if (props.draft && props.draft.key !== draftKey) {
    setDraftKey(props.draft.key);
    setValues({
      text: props.draft.message.text,
      files: props.draft.message.files.map((file) => ({ id: crypto.randomUUID(), file })),
    });
  }

  const change = (next: Values, field: string) => {
    setValues(next);
    recheck(next, field);
    setFailure(null);
  };

  async function submit(event: Pick<FormEvent, 'preventDefault'>) {
    event.preventDefault();
    if (sending || !check(values)) return;
    setSending(true);
    try {
      await onSend({ text: values.text.trim(), files: values.files.map((item) => item.file) });
      setValues({ text: '', files: [] });
    } catch {
      setFailure('Не удалось сохранить сообщение на устройстве. Обновите страницу и отправьте ещё раз.');
    } finally {
      setSending(false);
    }
  }

  const length = values.text.trim().length;
  return (
    <form
      ref={props.formRef}
      className={styles.composer}
      noValidate
      aria-label="Новое сообщение"
      onSubmit={(event) => void submit(event)}
    >
      <ErrorSummary errors={summary} focusKey={submits} />
      <TextField
        id={textId}
        label={label}
        hint={hint}
        multiline
        rows={4}
        value={values.text}
        error={problems[textId]}
        onValueChange={(text) => change({ ...values, text }, textId)}
        onKeyDown={(event) => {
          // Ctrl+Enter (⌘+Enter) sends, as in mail and messengers; Enter alone starts a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
      />
      {length > MESSAGE_TEXT_MAX - 500 ? (
        <p className={styles.count} aria-live="polite">
          {length} из {MESSAGE_TEXT_MAX} символов
        </p>
      ) : null}
      <FileUploader
        label="Файлы (необязательно)"
        hint={`До ${MESSAGE_FILES_MAX} файлов: PDF, JPG, PNG, Word или Excel, до 100 МБ каждый`}
        inputId={filesId}
        rules={{ multiple: true }}
        items={values.files.map(({ id, file }) => ({
          id,
          name: file.name,
          size: file.size,
          state: 'chosen',
        }))}
        error={problems[filesId]}
        onAdd={(files) =>
          change(
            {
              ...values,
              files: [...values.files, ...files.map((file) => ({ id: crypto.randomUUID(), file }))],
            },
            filesId,
          )
        }
        onRemove={(id) =>
          change({ ...values, files: values.files.filter((item) => item.id !== id) }, filesId)
        }
        onRetry={() => undefined}
      />
      {failure ? (
        <p role="alert" className={form.fieldError}>
          {failure}
        </p>
      ) : null}
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={sending}>
          {sending ? 'Отправляем…' : 'Отправить'}
        </button>
        {online ? null : (
          <span className={form.hint}>Нет сети: сообщение отправится само, когда связь появится.</span>
        )}
      </div>
    </form>
  );
}
