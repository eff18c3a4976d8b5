/**
 * «Ваши данные» in the customer's profile (152-FZ): a ZIP of everything the bureau holds about
 * them (GET /api/user/me/export), and withdrawing consent with the account's deletion
 * (POST /api/user/me/erase) after a dialog that says what goes and what stays. Both need the
 * network; the deletion ends every session, so the caller leaves the cabinet afterwards.
 */
import { useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { button } from '../../ui/button';
import * as danger from '../../ui/confirmed-delete.css';
import { ErasureDialog } from '../../ui/erasure-dialog';
import * as form from '../../ui/form.css';
import * as page from '../../ui/page.css';
import { saveDownload } from '../../ui/save-file';
import { failureText, OFFLINE_WRITE_TEXT } from '../../ui/write-form';

const CONFIRM_WORD = 'удалить';

const WORD_FIELD = {
  id: 'erase-confirm-word',
  label: 'Чтобы подтвердить, введите слово УДАЛИТЬ',
  hint: 'Можно строчными буквами',
  problem: (value: string) =>
    value.trim().toLowerCase() === CONFIRM_WORD ? null : 'Введите слово УДАЛИТЬ, чтобы подтвердить удаление',
};

export interface MyDataProps {
  offline: boolean;
  /** Staff accounts are removed by an administrator, not from the cabinet. */
  canErase: boolean;
  /** After the deletion: the sessions are over, the caller leaves the cabinet. */
  onErased: () => void;
}

export function MyData({ offline, canErase, onErased }: MyDataProps) {
  const { api } = useDataLayer();
  const [downloading, setDownloading] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function download() {
    setDownloading(true);
    setOutcome(null);
    try {
      const name = saveDownload(
        await api.client.GET('/api/user/me/export', { parseAs: 'blob' }),
        'Мои данные.zip',
      );
      setOutcome({ text: `Архив «${name}» скачан`, error: false });
    } catch (failure) {
      setOutcome({ text: failureText(failure), error: true });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className={page.card} aria-labelledby="my-data">
      <h2 id="my-data" className={page.subtitle}>
        Ваши данные
      </h2>
      <p>
        Скачайте всё, что бюро хранит о вас: профиль, заказы с историей, оплатами и перепиской, согласия,
        уведомления, загруженные сканы и готовые переводы — одним ZIP-архивом.
      </p>
      <div className={form.actions}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={downloading || offline}
          onClick={() => void download()}
        >
          {downloading ? 'Готовим архив…' : 'Скачать мои данные'}
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
      {canErase ? (
        <>
          <p>
            Можно отозвать согласие на обработку персональных данных и удалить аккаунт: имя, телефон, email,
            адреса, сканы, переписка и готовые переводы будут удалены, номера и суммы заказов останутся для
            бухгалтерии.
          </p>
          <div className={form.actions}>
            <button
              type="button"
              className={`${button({ tone: 'secondary' })} ${danger.dangerButton}`}
              disabled={offline}
              onClick={() => setConfirming(true)}
            >
              Удалить аккаунт
            </button>
          </div>
        </>
      ) : (
        <p className={page.muted}>Учётную запись сотрудника удаляет администратор.</p>
      )}
      {offline ? <p className={form.hint}>{OFFLINE_WRITE_TEXT}</p> : null}
      <ErasureDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Удалить аккаунт?"
        description="Согласие на обработку персональных данных будет отозвано, а ваши данные удалены."
        field={WORD_FIELD}
        confirmLabel="Удалить аккаунт навсегда"
        orderHref={(id) => `/cabinet/orders/${id}`}
        whose="own"
        offline={offline}
        onConfirm={async () => {
          const { data } = await api.client.POST('/api/user/me/erase', { body: { confirm: true } });
          if (!data) throw new Error('Сервер не ответил');
          return data;
        }}
        onErased={() => {
          setConfirming(false);
          onErased();
        }}
      />
    </section>
  );
}
