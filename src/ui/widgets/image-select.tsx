/**
 * The image select (docs/back-office-screens.md, widgets): one picture (a logo, a photo), chosen
 * with the file picker that offers images (accept image/*) and kept only when its first bytes say
 * PNG, GIF or JPEG; any other file gets a Russian message beside the field. The chosen image shows
 * as a preview with a button to remove it.
 *
 *   <ImageSelect label="Логотип" value={logo} onValueChange={setLogo} />
 */
import { useEffect, useId, useRef, useState } from 'react';
import { button } from '../button';
import * as form from '../form.css';
import { FieldNotes, fieldClass, fieldNoteIds } from '../text-field';
import { DEFAULT_MAX_SIZE_MB } from '../uploader/choose-files';
import * as styles from './image-select.css';
import { detectFileImageKind } from './image-signature';

export const notAnImage = (name: string) => `Файл ${name} — не изображение. Подходят PNG, GIF и JPEG`;
export const imageTooLarge = (name: string, maxSizeMb: number) =>
  `Файл ${name} превышает максимальный размер ${maxSizeMb}MB`;

export interface ImageSelectProps {
  label: string;
  value: File | null;
  onValueChange: (file: File | null) => void;
  hint?: string;
  error?: string | null;
  id?: string;
  maxSizeMb?: number;
}

export function ImageSelect(props: ImageSelectProps) {
  const { label, value, onValueChange, hint, maxSizeMb = DEFAULT_MAX_SIZE_MB } = props;
  const generated = useId();
  const id = props.id ?? generated;
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Only the last pick counts: a slow read of an earlier file must not override it.
  const lastPick = useRef(0);
  const error = problem ?? props.error ?? null;

  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (file: File) => {
    const pickNumber = ++lastPick.current;
    const kind = file.size > maxSizeMb * 1024 * 1024 ? 'too-large' : await detectFileImageKind(file);
    if (pickNumber !== lastPick.current) return;
    if (kind === 'too-large') return setProblem(imageTooLarge(file.name, maxSizeMb));
    if (!kind) return setProblem(notAnImage(file.name));
    setProblem(null);
    onValueChange(file);
  };

  return (
    <div className={fieldClass(error)}>
      <label htmlFor={id} className={form.label}>
        {label}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {value && preview ? (
        <figure className={styles.preview}>
          <img src={preview} alt={`Выбранное изображение ${value.name}`} className={styles.image} />
          <figcaption className={styles.caption}>{value.name}</figcaption>
        </figure>
      ) : null}
      <div className={form.actions}>
        {/* The native control's own text is in the browser's language: hidden (still focusable
            and announced) behind a label that looks like a button, as in the file uploader. */}
        <input
          id={id}
          type="file"
          accept="image/*"
          className={`visually-hidden ${styles.input}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldNoteIds(id, hint, error)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void pick(file);
          }}
        />
        <label htmlFor={id} className={`${button({ tone: 'secondary' })} ${styles.choose}`}>
          {value ? 'Выбрать другое' : 'Выбрать изображение'}
        </label>
        {value ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            onClick={() => {
              setProblem(null);
              onValueChange(null);
            }}
          >
            Удалить<span className="visually-hidden"> изображение {value.name}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
