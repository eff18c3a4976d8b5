/**
 * «Заметки для сотрудников»: what the office keeps about the order for itself — never shown to the
 * customer or a partner (GET/POST /api/order/{id}/notes). Read through the stored copy, so the
 * notes of a card opened once show offline; writing one needs the network, as the card's forms.
 */
import { type FormEvent, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { formatDateTime } from '../../domain/format';
import { noteProblem } from '../../domain/order-messages';
import { ErrorSummary } from '../../ui/error-summary';
import { byField, useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { Section } from '../../ui/order/order-sections';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardWrite } from '../../ui/write-form';
import * as styles from './order-card.css';

const NOTE_ID = 'card-note-text';
const validate = byField<{ text: string }>({ [NOTE_ID]: (v) => noteProblem(v.text) });

export function OrderNotes({ orderId, offline }: { orderId: number; offline: boolean }) {
  const { api } = useDataLayer();
  const query = useCachedQuery('/api/order/{id}/notes', { params: { path: { id: orderId } } });
  const [text, setText] = useState('');
  const errors = useFieldErrors(validate);
  const { busy, outcome, write, clearOutcome } = useCardWrite();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || offline || !errors.check({ text })) return;
    const saved = await write(async () => {
      await api.client.POST('/api/order/{id}/notes', {
        params: { path: { id: orderId } },
        body: { text: text.trim() },
      });
      await query.refetch();
      return 'Заметка сохранена';
    });
    if (saved) setText('');
  }

  const notes = query.data?.notes ?? [];
  return (
    <Section id="card-notes" title="Заметки для сотрудников">
      <p className={page.muted}>Видят только сотрудники бюро: клиенту и партнёру заметки не показываются.</p>
      {query.data ? null : (
        <QueryState what="заметки" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {notes.length > 0 ? (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <li key={note.id} className={styles.note}>
              <p className={styles.noteMeta}>
                {note.authorEmail ?? 'Сотрудник'} ·{' '}
                <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className={styles.noteText}>{note.text}</p>
            </li>
          ))}
        </ul>
      ) : query.data ? (
        <p className={page.muted}>Заметок пока нет.</p>
      ) : null}
      <form
        className={form.form}
        noValidate
        aria-label="Добавить заметку"
        onSubmit={(event) => void save(event)}
      >
        <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
        <TextField
          id={NOTE_ID}
          label="Новая заметка"
          multiline
          rows={3}
          value={text}
          error={errors.problems[NOTE_ID]}
          onValueChange={(next) => {
            setText(next);
            errors.recheck({ text: next }, NOTE_ID);
            clearOutcome();
          }}
        />
        <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Сохранить заметку" />
      </form>
    </Section>
  );
}
