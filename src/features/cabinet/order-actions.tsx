/**
 * What the customer can do with an order now: pay by card, cancel (after a confirmation), repeat,
 * and for a company issue and download the invoice and the act, and say the invoice is paid.
 * Every action needs the server: offline the buttons stay disabled and say why.
 */
import { useEffect, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import { useOnlineStatus } from '../../api/use-online-status';
import { isActDue, isPayable, takesDocuments } from '../../domain/order-status';
import { button } from '../../ui/button';
import * as form from '../../ui/form.css';
import * as widgets from '../../ui/order/order-widgets.css';
import { SignedActField, sendSignedAct } from '../../ui/order/signed-act-upload';
import * as page from '../../ui/page.css';
import { Modal } from '../../ui/widgets/modal';
import * as styles from './cabinet.css';
import type { MyOrder } from './cabinet-types';
import { DocumentState } from './order-documents';
import { openPaymentPage } from './payment-redirect';

type Action = 'pay' | 'pay-sbp' | 'cancel' | 'repeat' | 'invoice' | 'act' | 'act-signed' | 'confirm-payment';

export interface OrderActionsProps {
  order: MyOrder;
  /** Something changed on the server: read the order again. */
  onChanged: () => Promise<void>;
  /** The repeat made a new order: open it. */
  onRepeated: (orderId: number) => void;
}

/** How often a page with a document still being made asks whether it is ready (the job takes seconds). */
const MAKING_POLL_MS = 3000;

export function OrderActions({ order, onChanged, onRepeated }: OrderActionsProps) {
  const { api } = useDataLayer();
  const online = useOnlineStatus();
  const [busy, setBusy] = useState<Action | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const path = { params: { path: { id: order.id } } };
  const invoice = order.invoices.find((item) => item.kind === 'INVOICE');
  const act = order.invoices.find((item) => item.kind === 'ACT');
  const legal = order.payerType === 'LEGAL';
  const payable = isPayable(order.status);
  const actDue = isActDue(order.status);

  async function run(action: Action, call: () => Promise<string | null>) {
    setBusy(action);
    setMessage(null);
    try {
      const text = await call();
      if (text) setMessage({ text, error: false });
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : 'Не получилось', error: true });
    } finally {
      setBusy(null);
    }
  }

  const pay = (method: 'card' | 'sbp') =>
    run(method === 'sbp' ? 'pay-sbp' : 'pay', async () => {
      const { data } = await api.client.POST('/api/user/orders/{id}/payment', { ...path, body: { method } });
      if (!data) return null;
      openPaymentPage(data.paymentUrl);
      return 'Открываем страницу оплаты…';
    });
  const cancel = () =>
    run('cancel', async () => {
      const { data } = await api.client.POST('/api/user/orders/{id}/cancel', path);
      await onChanged();
      return data?.message ?? null;
    });
  const repeat = () =>
    run('repeat', async () => {
      const { data } = await api.client.POST('/api/user/orders/{id}/repeat', path);
      if (data) onRepeated(data.order.id);
      return data?.message ?? null;
    });
  const issue = (kind: 'invoice' | 'act') =>
    run(kind, async () => {
      const { data } =
        kind === 'invoice'
          ? await api.client.POST('/api/user/orders/{id}/generate-invoice', path)
          : await api.client.POST('/api/user/orders/{id}/generate-act', path);
      await onChanged();
      // While its PDF is being made the list below says so, and the page reads it again until ready.
      return data?.invoice.pdfUrl
        ? `${kind === 'invoice' ? 'Счёт' : 'Акт'} ${data.invoice.number} готов`
        : null;
    });
  const confirmPayment = () =>
    run('confirm-payment', async () => {
      const { data } = await api.client.POST('/api/user/orders/{id}/confirm-invoice-payment', path);
      await onChanged();
      return data?.message ?? null;
    });

  const sendAct = (file: File) =>
    run('act-signed', async () => {
      await sendSignedAct(api, order.id, file);
      await onChanged();
      return 'Подписанный акт получен, спасибо!';
    });

  const making = [invoice, act].some((item) => item && item.pdfUrl === null);
  useEffect(() => {
    if (!making || !online) return;
    const timer = setInterval(() => void onChanged(), MAKING_POLL_MS);
    return () => clearInterval(timer);
  }, [making, online, onChanged]);

  const disabled = busy !== null || !online;
  const label = (action: Action, idle: string, working: string) => (busy === action ? working : idle);

  return (
    <div className={page.stack}>
      <div className={styles.actions}>
        {order.actions.canPay ? (
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={disabled}
            onClick={() => void pay('card')}
          >
            {label('pay', 'Оплатить картой', 'Готовим оплату…')}
          </button>
        ) : null}
        {order.actions.canPay ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={disabled}
            onClick={() => void pay('sbp')}
          >
            {label('pay-sbp', 'Оплатить через СБП', 'Готовим оплату…')}
          </button>
        ) : null}
        {legal && !invoice && takesDocuments(order.status) ? (
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={disabled}
            onClick={() => void issue('invoice')}
          >
            {label('invoice', 'Сформировать счёт', 'Формируем счёт…')}
          </button>
        ) : null}
        {legal && invoice && payable && invoice.status === 'ISSUED' ? (
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={disabled}
            onClick={() => void confirmPayment()}
          >
            {label('confirm-payment', 'Я оплатил счёт', 'Сообщаем…')}
          </button>
        ) : null}
        {legal && !act && actDue ? (
          <button
            type="button"
            className={button({ tone: 'primary' })}
            disabled={disabled}
            onClick={() => void issue('act')}
          >
            {label('act', 'Сформировать акт', 'Формируем акт…')}
          </button>
        ) : null}
        {order.actions.canRepeat ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={disabled}
            onClick={() => void repeat()}
          >
            {label('repeat', 'Повторить заказ', 'Создаём заказ…')}
          </button>
        ) : null}
        {order.actions.canCancel ? (
          <button
            type="button"
            className={button({ tone: 'secondary' })}
            disabled={disabled}
            onClick={() => setConfirmCancel(true)}
          >
            {label('cancel', 'Отменить заказ', 'Отменяем…')}
          </button>
        ) : null}
      </div>
      {invoice || act ? (
        <ul className={widgets.list} aria-label="Документы для бухгалтерии">
          {[invoice, act].map((item) =>
            item ? (
              <li key={item.id}>
                <DocumentState item={item} />
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {legal && act && !order.actSigned ? (
        <SignedActField
          busy={busy === 'act-signed'}
          disabled={disabled}
          onFile={(file) => void sendAct(file)}
        />
      ) : null}
      {!online ? (
        <p className={form.hint}>
          Нет сети: оплатить, отменить, повторить заказ и получить документы можно только онлайн.
        </p>
      ) : null}
      {message ? (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? page.errorText : form.success}
        >
          {message.text}
        </p>
      ) : null}
      <Modal
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Отменить заказ № ${order.number}?`}
        actions={
          <>
            <button
              type="button"
              className={button({ tone: 'primary' })}
              onClick={() => {
                setConfirmCancel(false);
                void cancel();
              }}
            >
              Да, отменить заказ
            </button>
            <button
              type="button"
              className={button({ tone: 'secondary' })}
              onClick={() => setConfirmCancel(false)}
            >
              Нет, оставить
            </button>
          </>
        }
      >
        <p>Отменённый заказ нельзя вернуть в работу: чтобы получить перевод, придётся оформить новый.</p>
      </Modal>
    </div>
  );
}
