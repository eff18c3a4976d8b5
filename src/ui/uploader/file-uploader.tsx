/**
 * The file uploader widget: a labelled file input (keyboard and screen-reader friendly; the
 * browser's own input also takes dropped files), the rule messages of the last choice, and the chosen files with their size, a
 * progress bar while uploading, a retry for a failed one and a remove button for each.
 * With `camera`, a «Сфотографировать» button opens the back camera (several pages in a row: after
 * each photo it reads «Ещё страница»); photos are shrunk on the device first (shrink-photo.ts, loaded
 * on first use), shown as thumbnails, and any file can be moved up or down with «Выше»/«Ниже».
 */
import { useEffect, useId, useState } from 'react';
import { button } from '../button';
import * as form from '../form.css';
import { chooseFiles, DEFAULT_ACCEPT, formatFileSize, type UploaderRules } from './choose-files';
import * as styles from './file-uploader.css';
import { nextPhotoPage } from './photo-size';

export interface UploaderItem {
  id: string;
  name: string;
  size: number;
  state: 'chosen' | 'waiting' | 'uploading' | 'done' | 'failed';
  /** 0…1 while uploading. */
  progress?: number;
  error?: string | null;
  /** An image's content, shown as a page thumbnail. */
  thumbnail?: Blob;
}

/**
 * What a photo may be once shrunk: a HEIC the browser decoded is a JPEG by now; one it could not
 * decode keeps its .heic name and is refused here with the usual message, because the server takes
 * JPEG and PNG by content and would refuse it later anyway (docs/decisions/0054-camera-photos.md).
 */
const CAMERA_ACCEPT = ['.jpg', '.jpeg', '.png'];

/**
 * «Has a camera to photograph a page with»: a coarse pointer (phones and tablets). On a desktop the
 * capture attribute only opens the file chooser again, so the button would promise what it cannot do.
 */
export function deviceHasCamera() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(pointer: coarse)').matches
    : false;
}

function Thumbnail({ blob }: { blob: Blob }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url ? <img className={styles.thumbnail} src={url} alt="" width={56} height={56} /> : null;
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
  onMove,
  camera = false,
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
  /** Moves a file one place up (-1) or down (+1); without it the order is fixed. */
  onMove?: (id: string, by: -1 | 1) => void;
  /** Offer «Сфотографировать» (only where deviceHasCamera() says so, or when forced by the caller). */
  camera?: boolean;
}) {
  const generated = useId();
  const id = inputId ?? generated;
  const [messages, setMessages] = useState<string[]>([]);
  const [photos, setPhotos] = useState(0);
  const [shrinking, setShrinking] = useState(false);
  const pick = (picked: File[], accept?: readonly string[]) => {
    const chosen = chooseFiles(items.length, picked, accept ? { ...rules, accept } : rules);
    setMessages(chosen.messages);
    if (chosen.accepted.length > 0) onAdd(chosen.accepted);
  };
  const photograph = async (picked: File[]) => {
    if (picked.length === 0) return;
    setShrinking(true);
    try {
      const { shrinkPhotos } = await import('./shrink-photo');
      const shrunk = await shrinkPhotos(picked, nextPhotoPage(items.map((item) => item.name)));
      setPhotos((count) => count + shrunk.length);
      pick(shrunk, CAMERA_ACCEPT);
    } catch {
      // The shrinking code could not be loaded (offline before the chunk was cached): send as taken.
      setPhotos((count) => count + picked.length);
      pick(picked, CAMERA_ACCEPT);
    } finally {
      setShrinking(false);
    }
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
        {camera ? (
          <>
            <input
              id={`${id}-camera`}
              type="file"
              className={`visually-hidden ${styles.input}`}
              accept="image/*"
              capture="environment"
              disabled={shrinking}
              onChange={(event) => {
                void photograph([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
            <label htmlFor={`${id}-camera`} className={`${button({ tone: 'secondary' })} ${styles.choose}`}>
              {photos > 0 ? 'Ещё страница' : 'Сфотографировать'}
            </label>
            {shrinking ? (
              <p className={form.hint} role="status">
                Уменьшаем фотографию…
              </p>
            ) : null}
          </>
        ) : null}
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
          {items.map((item, index) => (
            <li key={item.id} className={styles.file}>
              <span className={styles.fileName}>
                {item.thumbnail ? <Thumbnail blob={item.thumbnail} /> : null}
                <span className={styles.fileText}>
                  {item.name}{' '}
                  <span className={form.hint}>
                    ({formatFileSize(item.size)}) — {STATE_TEXT[item.state]}
                  </span>
                </span>
              </span>
              <span className={styles.fileActions}>
                {onMove && items.length > 1 ? (
                  <>
                    <button
                      type="button"
                      className={button({ tone: 'secondary' })}
                      disabled={index === 0}
                      onClick={() => onMove(item.id, -1)}
                    >
                      Выше<span className="visually-hidden"> {item.name}</span>
                    </button>
                    <button
                      type="button"
                      className={button({ tone: 'secondary' })}
                      disabled={index === items.length - 1}
                      onClick={() => onMove(item.id, 1)}
                    >
                      Ниже<span className="visually-hidden"> {item.name}</span>
                    </button>
                  </>
                ) : null}
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
