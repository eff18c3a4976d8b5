/**
 * Writing a staff message (POST /api/notifications/send): the title, the text, the app page a tap
 * opens, and who gets it — everyone subscribed, one role, or one user found by email — with a
 * preview drawn as the phone's notification would be. A message to everyone is asked once more
 * before it goes; the answer says in words who sees it and where. Sending needs the network;
 * offline the form says so and keeps what was typed.
 */
import { type FormEvent, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { ROLE_LABELS, ROLES, type Role } from '../../domain/roles';
import { button } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-group';
import { ErrorSummary } from '../../ui/error-summary';
import { useFieldErrors } from '../../ui/field-errors';
import * as form from '../../ui/form.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { Modal } from '../../ui/widgets/modal';
import { SubmitRow, useCardWrite } from '../../ui/write-form';
import * as styles from './push-messages.css';
import { sendResultText } from './push-outcome';
import { PushPreview } from './push-preview';
import {
  type Audience,
  BODY_MAX,
  type ComposeValues,
  composeProblems,
  EMPTY_MESSAGE,
  IDS,
  sendBody,
  TITLE_MAX,
  URL_MAX,
} from './push-rules';
import { RecipientSearch } from './recipient-search';

const AUDIENCES: { value: Audience; label: string; hint?: string }[] = [
  {
    value: 'ALL',
    label: 'Все пользователи',
    hint: 'В приложении — всем; push — тем, кто включил его на телефоне или компьютере',
  },
  { value: 'ROLE', label: 'Пользователи одной роли' },
  { value: 'USER', label: 'Один пользователь' },
];

export function ComposeForm({ offline, onSent }: { offline: boolean; onSent: () => Promise<void> }) {
  const { api } = useDataLayer();
  const [values, setValues] = useState<ComposeValues>(EMPTY_MESSAGE);
  // The search box keeps its own text; a new key empties it after a send.
  const [sent, setSent] = useState(0);
  const errors = useFieldErrors(composeProblems);
  const { busy, outcome, write, clearOutcome } = useCardWrite();

  function change(patch: Partial<ComposeValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    errors.recheck(next);
    clearOutcome();
  }

  // A message to everyone cannot be called back: it is asked once more.
  const [confirming, setConfirming] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || offline || !errors.check(values)) return;
    if (values.audience === 'ALL') setConfirming(true);
    else void send();
  }

  async function send() {
    setConfirming(false);
    const done = await write(async () => {
      const { data } = await api.client.POST('/api/notifications/send', {
        body: sendBody(values),
        kind: 'crm',
      });
      return data ? sendResultText(data) : 'Сообщение отправлено';
    });
    if (done) {
      setValues(EMPTY_MESSAGE);
      setSent((n) => n + 1);
      await onSent();
    }
  }

  return (
    <div className={styles.compose}>
      <form className={form.form} noValidate aria-label="Новое сообщение" onSubmit={submit}>
        <ErrorSummary errors={errors.summary} focusKey={errors.submits} />
        <TextField
          id={IDS.title}
          label="Заголовок"
          maxLength={TITLE_MAX}
          value={values.title}
          error={errors.problems[IDS.title]}
          onValueChange={(title) => change({ title })}
        />
        <TextField
          id={IDS.body}
          label="Текст"
          hint={`До ${BODY_MAX} символов, осталось ${BODY_MAX - values.body.length}`}
          multiline
          rows={3}
          maxLength={BODY_MAX}
          value={values.body}
          error={errors.problems[IDS.body]}
          onValueChange={(body) => change({ body })}
        />
        <TextField
          id={IDS.url}
          label="Ссылка в приложении (необязательно)"
          hint="Откроется по нажатию на уведомление, например /cabinet/orders"
          maxLength={URL_MAX}
          value={values.url}
          error={errors.problems[IDS.url]}
          onValueChange={(url) => change({ url })}
        />
        <RadioGroup
          id={IDS.audience}
          legend="Кому"
          options={AUDIENCES}
          value={values.audience}
          onValueChange={(audience) => change({ audience })}
        />
        {values.audience === 'ROLE' ? (
          <SelectField
            id={IDS.role}
            label="Роль"
            value={values.role}
            placeholder="Выберите роль"
            options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            error={errors.problems[IDS.role]}
            onValueChange={(role) => change({ role: role as Role | '' })}
          />
        ) : null}
        {values.audience === 'USER' ? (
          <RecipientSearch
            key={sent}
            chosen={values.recipient}
            error={errors.problems[IDS.recipient]}
            onChoose={(recipient) => change({ recipient })}
          />
        ) : null}
        <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Отправить" />
      </form>
      <PushPreview title={values.title} body={values.body} url={values.url} />
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title="Отправить сообщение всем пользователям?"
        description="Его увидят все клиенты и сотрудники в разделе «Уведомления», а у кого включены push-уведомления — ещё и на телефоне или компьютере. Отозвать сообщение после отправки нельзя."
        actions={
          <>
            <button type="button" className={button({ tone: 'primary' })} onClick={() => void send()}>
              Да, отправить всем
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => setConfirming(false)}
            >
              Нет, вернуться к сообщению
            </button>
          </>
        }
      >
        <p className={styles.confirmTitle}>«{values.title.trim()}»</p>
      </Modal>
    </div>
  );
}
