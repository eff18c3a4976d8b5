/**
 * A new version of a customer document (POST /api/admin/legal/{kind}), started from the version in
 * force: the title and the text with its {{placeholders}}, checked the GOV.UK way (a summary at the
 * top, each message beside its field), then a confirmation that says what publishing changes:
 * the site shows it at once and new consents point at it, earlier consents keep their version.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { LEGAL_PLACEHOLDERS, unknownPlaceholders } from '../../domain/legal-documents';
import { LEGAL_PAGE_TITLES, type LegalDocumentKind } from '../../domain/legal-pages';
import { button } from '../../ui/button';
import { ErrorSummary } from '../../ui/error-summary';
import { byField, serverProblems, useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { TextField } from '../../ui/text-field';
import { Modal } from '../../ui/widgets/modal';
import { OFFLINE_WRITE_TEXT, useCardWrite, WriteOutcomeLine } from '../../ui/write-form';

type Values = { title: string; body: string };

export function PublishForm({
  kind,
  current,
  offline,
  onCancel,
  onPublished,
}: {
  kind: LegalDocumentKind;
  current: { version: number; title: string; body: string } | undefined;
  offline: boolean;
  onCancel: () => void;
  onPublished: (version: number) => Promise<void>;
}) {
  const { api } = useDataLayer();
  const ids = { title: `legal-${kind}-title`, body: `legal-${kind}-body` };
  const next = (current?.version ?? 0) + 1;
  const [values, setValues] = useState<Values>({
    title: current?.title ?? LEGAL_PAGE_TITLES[kind],
    body: current?.body ?? '',
  });
  const [confirming, setConfirming] = useState(false);
  const validate = useMemo(
    () =>
      byField<Values>({
        [ids.title]: (v) => (v.title.trim() ? null : 'Введите заголовок документа'),
        [ids.body]: (v) => {
          if (!v.body.trim()) return 'Введите текст документа';
          const unknown = unknownPlaceholders(v.body);
          if (unknown.length > 0)
            return `Неизвестная подстановка ${unknown.join(', ')}: используйте ${LEGAL_PLACEHOLDERS.join(', ')}`;
          if (current && v.title.trim() === current.title && v.body.trim() === current.body.trim())
            return `Текст и заголовок совпадают с редакцией № ${current.version}: измените их, чтобы опубликовать новую`;
          return null;
        },
      }),
    [ids.title, ids.body, current],
  );
  const errors = useFieldErrors(validate);
  const { busy, outcome, write } = useCardWrite((details) => {
    const found = serverProblems(details, { title: ids.title, body: ids.body });
    if (Object.keys(found).length === 0) return false;
    errors.show(found);
    return true;
  });
  const set = (key: keyof Values) => (value: string) => {
    const changed = { ...values, [key]: value };
    setValues(changed);
    errors.recheck(changed, ids[key]);
  };

  function review(event: FormEvent) {
    event.preventDefault();
    if (!offline && errors.check(values)) setConfirming(true);
  }

  async function publish() {
    setConfirming(false);
    await write(async () => {
      const { data } = await api.client.POST('/api/admin/legal/{kind}', {
        params: { path: { kind } },
        body: { title: values.title.trim(), body: values.body.trim() },
      });
      const version =
        data?.documents.find((document) => document.kind === kind)?.versions[0]?.version ?? next;
      await onPublished(version);
      return `Опубликована редакция № ${version}`;
    });
  }

  return (
    <form className={form.form} noValidate aria-label={`Новая редакция № ${next}`} onSubmit={review}>
      <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
      <TextField
        id={ids.title}
        label="Заголовок"
        value={values.title}
        onValueChange={set('title')}
        error={errors.problems[ids.title]}
        maxLength={200}
      />
      <TextField
        id={ids.body}
        label="Текст"
        hint={`Абзацы разделяйте пустой строкой, подзаголовок начинайте с «## », пункт списка — с «- ». Реквизиты оператора подставятся вместо ${LEGAL_PLACEHOLDERS.join(', ')}.`}
        multiline
        rows={18}
        value={values.body}
        onValueChange={set('body')}
        error={errors.problems[ids.body]}
        maxLength={100_000}
      />
      <WriteOutcomeLine outcome={outcome} />
      <div className={form.actions}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={busy || offline}>
          {busy ? 'Публикуем…' : `Опубликовать редакцию № ${next}`}
        </button>
        <button type="button" className={button({ tone: 'secondary' })} onClick={onCancel} disabled={busy}>
          Отменить
        </button>
      </div>
      {offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Опубликовать редакцию № ${next}?`}
        description="Клиенты увидят её на сайте сразу. Новые согласия будут ссылаться на неё, прежние — на ту редакцию, с которой согласились."
        actions={
          <>
            <button type="button" className={button({ tone: 'primary' })} onClick={() => void publish()}>
              Опубликовать
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => setConfirming(false)}
            >
              Вернуться к тексту
            </button>
          </>
        }
      >
        <p>
          {LEGAL_PAGE_TITLES[kind]}, заголовок редакции: «{values.title.trim()}».
        </p>
      </Modal>
    </form>
  );
}
