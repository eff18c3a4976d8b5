/**
 * «Пригласить сотрудника» on /crm/users (ADMIN): email, name, role and — for a partner's counter —
 * the partner (POST /api/user/invite). The invitee gets a mail with a one-time link valid 72 hours
 * to set a password and sign in; the invitations still waiting are listed with when they lapse.
 * Writes need the network and say so; the list opens offline with its age like the page's others.
 */
import { type FormEvent, useMemo, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { emailProblem } from '../../domain/email';
import { formatDateTime } from '../../domain/format';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../domain/roles';
import { button } from '../../ui/button';
import { byField } from '../../ui/field-errors';
import * as page from '../../ui/page.css';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { SubmitRow, useCardForm, WriteFormFrame } from '../../ui/write-form';
import { usePartnerOptions } from './partner-options';
import * as styles from './users.css';

const FIELDS = {
  email: 'invite-email',
  name: 'invite-name',
  role: 'invite-role',
  partnerId: 'invite-partner',
} as const;

type InviteValues = { email: string; name: string; role: string; partnerId: string };

const EMPTY: InviteValues = { email: '', name: '', role: 'MANAGER', partnerId: '' };

export function InviteStaff({
  offline,
  onInvited,
}: {
  offline: boolean;
  onInvited: (text: string) => Promise<void>;
}) {
  const invitations = useCachedQuery('/api/user/invitations');
  const [open, setOpen] = useState(false);
  return (
    <section className={page.card} aria-labelledby="invite-title">
      <div className={styles.inviteHead}>
        <h2 id="invite-title" className={page.subtitle}>
          Приглашения сотрудников
        </h2>
        {open ? null : (
          <button type="button" className={button({ tone: 'primary' })} onClick={() => setOpen(true)}>
            Пригласить сотрудника
          </button>
        )}
      </div>
      {open ? (
        <InviteForm
          offline={offline}
          onCancel={() => setOpen(false)}
          onInvited={async (text) => {
            await invitations.refetch();
            await onInvited(text);
          }}
        />
      ) : null}
      {invitations.data && invitations.data.length > 0 ? (
        <ul className={styles.invitations} aria-label="Ждут ответа">
          {invitations.data.map((invitation) => (
            <li key={invitation.id}>
              <span className={styles.name}>{invitation.name}</span> · {invitation.email} ·{' '}
              {ROLE_LABELS[invitation.role]}
              {invitation.partnerName ? ` «${invitation.partnerName}»` : ''}
              <span className={page.muted}>
                {' '}
                — ссылка действует до{' '}
                <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={page.muted}>
          Сотрудник получит письмо со ссылкой: задаст пароль и сразу войдёт. Ссылка действует 72 часа.
        </p>
      )}
    </section>
  );
}

function InviteForm({
  offline,
  onCancel,
  onInvited,
}: {
  offline: boolean;
  onCancel: () => void;
  onInvited: (text: string) => Promise<void>;
}) {
  const { api } = useDataLayer();
  const { options, loading } = usePartnerOptions();
  const validate = useMemo(
    () =>
      byField<InviteValues>({
        [FIELDS.email]: (v) => emailProblem(v.email),
        [FIELDS.name]: (v) => (v.name.trim() ? null : 'Введите имя сотрудника'),
        [FIELDS.role]: (v) => (v.role ? null : 'Выберите роль'),
        [FIELDS.partnerId]: (v) =>
          v.role === 'PARTNER' && !v.partnerId ? 'Выберите партнёра, у которого работает сотрудник' : null,
      }),
    [],
  );
  const { values, setValues, set, errors, busy, outcome, submit } = useCardForm<InviteValues>(
    EMPTY,
    validate,
    offline,
    {
      email: [FIELDS.email, 'email'],
      name: [FIELDS.name, 'name'],
      partnerId: [FIELDS.partnerId, 'partnerId'],
    },
  );

  async function send(event: FormEvent) {
    const sent = await submit(event, async ({ email, name, role, partnerId }) => {
      const { data } = await api.client.POST('/api/user/invite', {
        body: {
          email: email.trim(),
          name: name.trim(),
          role: role as StaffRole,
          ...(role === 'PARTNER' ? { partnerId: Number(partnerId) } : {}),
        },
      });
      const text = `Приглашение отправлено на ${data?.email ?? email.trim()}: ссылка действует 72 часа`;
      await onInvited(text);
      return text;
    });
    if (sent) setValues(EMPTY);
  }

  return (
    <WriteFormFrame label="Пригласить сотрудника" errors={errors} onSubmit={send}>
      <TextField
        id={FIELDS.email}
        label="Email сотрудника"
        hint="На него придёт письмо со ссылкой; им же сотрудник будет входить"
        type="email"
        inputMode="email"
        autoComplete="off"
        maxLength={254}
        value={values.email}
        error={errors.problems[FIELDS.email]}
        onValueChange={set('email')}
      />
      <TextField
        id={FIELDS.name}
        label="Имя и фамилия"
        maxLength={200}
        value={values.name}
        error={errors.problems[FIELDS.name]}
        onValueChange={set('name')}
      />
      <SelectField
        id={FIELDS.role}
        label="Роль"
        value={values.role}
        onValueChange={set('role')}
        options={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        error={errors.problems[FIELDS.role]}
      />
      {values.role === 'PARTNER' ? (
        <SelectField
          id={FIELDS.partnerId}
          label="Партнёр"
          hint="Сотрудник увидит только пункты выдачи и заказы этого партнёра."
          placeholder={loading ? 'Загружаем партнёров…' : 'Выберите партнёра'}
          value={values.partnerId}
          onValueChange={set('partnerId')}
          options={options}
          error={errors.problems[FIELDS.partnerId]}
        />
      ) : null}
      <SubmitRow outcome={outcome} busy={busy} offline={offline} label="Отправить приглашение" />
      <p>
        <button type="button" className={button({ tone: 'secondary' })} onClick={onCancel}>
          Закрыть
        </button>
      </p>
    </WriteFormFrame>
  );
}
