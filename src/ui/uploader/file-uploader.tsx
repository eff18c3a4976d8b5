/**
 * The file uploader widget: a labelled file input (keyboard and screen-reader friendly; the
 * browser's own input also takes dropped files), the rule messages of the last choice, and the chosen files with their size, a
 * progress bar while uploading, a retry for a failed one and a remove button for each.
 */
import { useId, useState } from 'react';
import { button } from '../button';
import * as form from '../form.css';
import { chooseFiles, DEFAULT_ACCEPT, formatFileSize, type UploaderRules } from './choose-files';
import * as styles from './file-uploader.css';

export interface UploaderItem {
  id: string;
  name: string;
  size: number;
  state: 'chosen' | 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0…1 while uploading. */
  progress?: number;
  error?: string | null;
}

const STATE_TEXT: Record<UploaderItem['state'], string> = {
  chosen: 'выбран',
  waiting: 'загрузим, когда появится связь',
  uploading: 'загружается',
  done: 'загружен',
  failed: 'не загружен',
};

export function FileUploader({
  label,
  hint,
  rules,
  items,
  error,
  inputId,
  onAdd,
  onRemove,
  onRetry,
}: {
  label: string;
  hint?: string;
  rules: UploaderRules;
  items: readonly UploaderItem[];
  error?: string;
  inputId?: string;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}) {
  const generated = useId();
  const id = inputId ?? generated;
  const [messages, setMessages] = useState<string[]>([]);
  const pick = (picked: File[]) => {
    const chosen = chooseFiles(items.length, picked, rules);
    setMessages(chosen.messages);
    if (chosen.accepted.length > 0) onAdd(chosen.accepted);
  };
  const accept = (rules.accept ?? DEFAULT_ACCEPT).join(',');
  return (
    <div className={error ? `${styles.uploader} ${form.fieldInError}` : styles.uploader}>
      <div className={styles.dropZone}>
        <label htmlFor={id} className={form.label}>
          {label}
        </label>
        {hint ? <p className={form.hint}>{hint}</p> : null}
        {error ? (
          <p id={`${id}-error`} className={form.fieldError}>
            {error}
          </p>
        ) : null}
        {/* The native control's own text is the browser's language, not the page's: it is hidden
            (still focusable and announced) behind a label that looks like a button. */}
        <input
          id={id}
          type="file"
          className={`visually-hidden ${styles.input}`}
          accept={accept}
          multiple={rules.multiple}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            pick([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className={`${button({ tone: 'secondary' })} ${styles.choose}`}>
          {rules.multiple ? 'Выбрать файлы' : 'Выбрать файл'}
        </label>
      </div>
      {messages.length > 0 ? (
        <ul className={styles.messages} role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className={styles.list} aria-label="Выбранные файлы">
          {items.map((item) => (
            <li key={item.id} className={styles.file}>
              <span className={styles.fileName}>
                {item.name}{' '}
                <span className={form.hint}>
                  ({formatFileSize(item.size)}) — {STATE_TEXT[item.state]}
                </span>
              </span>
              <span className={styles.fileActions}>
                {item.state === 'failed' ? (
                  <button
                    type="button"
                    className={button({ tone: 'secondary' })}
                    onClick={() => onRetry(item.id)}
                  >
                    Повторить<span className="visually-hidden"> загрузку {item.name}</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className={button({ tone: 'secondary' })}
                  onClick={() => onRemove(item.id)}
                >
                  Удалить<span className="visually-hidden"> {item.name}</span>
                </button>
              </span>
              {item.state === 'uploading' ? (
                <progress
                  className={styles.progress}
                  max={1}
                  value={item.progress ?? 0}
                  aria-label={`Загрузка ${item.name}`}
                />
              ) : null}
              {item.state === 'failed' && item.error ? (
                <p className={styles.fileError}>{item.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
