/**
 * A customer's personal data on a written request (ADMIN, /crm/users): «Выгрузить данные» — the
 * same ZIP the customer downloads in the cabinet (GET /api/admin/personal-data/{id}) — and
 * «Удалить персональные данные» (POST /api/admin/personal-data/{id}/erase) after a dialog that
 * says what goes and what stays and takes the request's note. An erased account shows its record.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { formatDate } from '../../domain/format';
import { button } from '../../ui/button';
import * as danger from '../../ui/confirmed-delete.css';
import { ErasureDialog } from '../../ui/erasure-dialog';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { saveDownload } from '../../ui/save-file';
import { failureText, OFFLINE_WRITE_TEXT } from '../../ui/write-form';
import { type User, userName } from './user-rules';

const NOTE_FIELD = {
  id: 'erase-request-note',
  label: 'Основание: письменное заявление клиента',
  hint: 'Например: заявление от 12.11.2026 № 15. Сохранится в записи об удалении',
  multiline: true,
  problem: (value: string) => (value.trim() ? null : 'Укажите заявление, по которому удаляются данные'),
};

/** What the record of an erasure says: when, on whose request, what became of the orders and scans. */
export function ErasureRecord({ erasure }: { erasure: NonNullable<User['erasure']> }) {
  return (
    <div className={page.stack}>
      <p>
        Персональные данные удалены {formatDate(erasure.erasedAt)}
        {erasure.requestedBy === 'STAFF'
          ? ` по письменному заявлению${erasure.note ? ` («${erasure.note}»)` : ''}${erasure.actorEmail ? `, выполнил ${erasure.actorEmail}` : ''}.`
          : ' самим клиентом в личном кабинете.'}
      </p>
      <p className={page.muted}>
        Заказов сохранено для бухгалтерии с «удалено» вместо контактов: {erasure.orders}. Сканов удалено:{' '}
        {erasure.scans}.
        {erasure.filesRemovedAt ? '' : ' Файлы ещё удаляются из хранилища — повтор идёт автоматически.'}
      </p>
    </div>
  );
}

export interface PersonalDataActionsProps {
  user: User;
  offline: boolean;
  /** The account as the erasure left it, and the words of the notice. */
  onErased: (shell: User, text: string) => Promise<void>;
}

export function PersonalDataActions({ user, offline, onErased }: PersonalDataActionsProps) {
  const { api } = useDataLayer();
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = userName(user);

  async function download() {
    setDownloading(true);
    setOutcome(null);
    try {
      const file = saveDownload(
        await api.client.GET('/api/admin/personal-data/{id}', {
          params: { path: { id: user.id } },
          parseAs: 'blob',
        }),
        `Данные клиента ${user.id}.zip`,
      );
      setOutcome({ text: `Архив «${file}» скачан`, error: false });
    } catch (failure) {
      setOutcome({ text: failureText(failure), error: true });
    } finally {
      setDownloading(false);
    }
  }

  if (user.erasure) return <ErasureRecord erasure={user.erasure} />;
  return (
    <div className={page.stack}>
      <p className={form.hint}>По письменному заявлению клиента: копия его данных или их удаление.</p>
      <div className={form.actions}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={downloading || offline}
          onClick={() => void download()}
        >
          {downloading ? 'Готовим архив…' : 'Выгрузить данные'}
        </button>
        <button
          type="button"
          className={`${button({ tone: 'secondary' })} ${danger.dangerButton}`}
          disabled={offline}
          onClick={() => setConfirming(true)}
        >
          Удалить персональные данные
        </button>
      </div>
      {outcome ? (
        <p
          role={outcome.error ? 'alert' : 'status'}
          className={outcome.error ? page.errorText : form.success}
        >
          {outcome.text}
        </p>
      ) : null}
      {offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      <ErasureDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Удалить персональные данные: ${name}?`}
        description={`${user.email ?? 'Без email'}. Согласие клиента будет отозвано, его данные — удалены.`}
        field={NOTE_FIELD}
        confirmLabel="Удалить данные клиента"
        orderHref={(id) => `/crm/orders/${id}`}
        whose="customer"
        offline={offline}
        onConfirm={async (note) => {
          const { data } = await api.client.POST('/api/admin/personal-data/{id}/erase', {
            params: { path: { id: user.id } },
            body: { note, confirm: true },
          });
          if (!data) throw new Error('Сервер не ответил');
          return data;
        }}
        onErased={(answer) => {
          setConfirming(false);
          const shell: User = {
            ...user,
            email: null,
            login: null,
            phoneNumber: null,
            firstName: null,
            lastName: null,
            partnerId: null,
            partnerName: null,
            isBlocked: false,
            blockReason: null,
            erasure: answer,
          };
          void onErased(
            shell,
            `Персональные данные ${name} удалены: заказов сохранено ${answer.orders}, сканов удалено ${answer.scans}`,
          );
        }}
      />
    </div>
  );
}
