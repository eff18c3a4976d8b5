/**
 * /order/success: the order's number and amount and what happens next — read from the outbox
 * entry the form made, so it survives a reload. An order still waiting for the network says so;
 * opened without an order, the page says there is nothing to show.
 */
import { Link } from '@tanstack/react-router';
import { useDataLayer } from '../../api/data-layer';
import type { OrderResult } from '../../db/outbox';
import { useOutboxEntry } from '../../db/use-outbox';
import { formatRubles } from '../../domain/format';
import { button } from '../../ui/button';
import * as page from '../../ui/page.css';
import { PushSettings } from '../push/push-settings';

export function OrderSuccess({ entryId }: { entryId: string | undefined }) {
  const { db } = useDataLayer();
  const entry = useOutboxEntry(db, entryId);
  if (entry === undefined) return null;
  if (entry === null) {
    return (
      <section className={page.stack} aria-labelledby="success-title">
        <h1 id="success-title" className={page.title}>
          Заказ не найден
        </h1>
        <p>
          На этом устройстве нет только что отправленного заказа. Возможно, страница открыта по старой ссылке.
        </p>
        <p>
          <Link to="/order/step-1" className={button({ tone: 'primary' })}>
            Оформить заказ
          </Link>
        </p>
      </section>
    );
  }
  const result = entry.result as OrderResult | undefined;
  if (entry.status !== 'sent' || !result) {
    return (
      <section className={page.stack} aria-labelledby="success-title">
        <h1 id="success-title" className={page.title}>
          Заказ сохранён и ждёт отправки
        </h1>
        <p role="status">
          {entry.status === 'failed'
            ? `Сервер не принял заказ: ${entry.lastError ?? 'ошибка'}.`
            : 'Заказ сохранён и будет отправлен, когда появится связь. Он хранится на этом устройстве и уйдёт сам — даже если закрыть страницу.'}
        </p>
        {entry.lastError && entry.status !== 'failed' ? (
          <p className={page.muted}>{entry.lastError}</p>
        ) : null}
      </section>
    );
  }
  return (
    <section className={page.stack} aria-labelledby="success-title">
      <h1 id="success-title" className={page.title}>
        Заказ оформлен
      </h1>
      <div className={page.card}>
        <p>
          Номер заказа: <strong>{result.number}</strong>
        </p>
        <p>
          Сумма: <strong>{formatRubles(result.amount)}</strong>
        </p>
      </div>
      <h2 className={page.subtitle}>Что дальше</h2>
      <ol>
        <li>Мы отправили подтверждение на вашу почту.</li>
        <li>Менеджер проверит документы и пришлёт ссылку на оплату.</li>
        <li>Статус заказа можно смотреть в личном кабинете — вход по коду из письма.</li>
      </ol>
      <p>
        <Link to="/cabinet-login" className={button({ tone: 'primary' })}>
          Войти в личный кабинет
        </Link>
      </p>
      <PushSettings offer />
    </section>
  );
}
