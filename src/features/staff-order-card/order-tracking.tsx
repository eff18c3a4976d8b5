/**
 * The staff card's line on how the customer follows the order without signing in: the tracking
 * link every message about the order carries (to read to a customer on the phone), until when it
 * works, whether the customer gets the order's statuses in Telegram, and «Отозвать ссылку» for a
 * link that reached the wrong hands: a new one is made at once (GET and POST
 * /api/order/{id}/tracking…).
 */
import { unwrap } from '../../api/client';
import { useDataLayer } from '../../api/data-layer';
import { useCachedQuery } from '../../api/use-cached-query';
import { countRu, formatDate, formatDateTime } from '../../domain/format';
import { ConfirmedDelete } from '../../ui/confirmed-delete';
import { CopyableLink } from '../../ui/order/copyable-link';
import { Fact, Section } from '../../ui/order/order-sections';
import * as widgets from '../../ui/order/order-widgets.css';
import * as page from '../../ui/page.css';
import { LoadingState, loadingOf } from '../../ui/widgets/loading-state';
import { useNotices } from '../../ui/widgets/notices';

export function OrderTracking({ orderId, offline }: { orderId: number; offline: boolean }) {
  const { api } = useDataLayer();
  const { notify } = useNotices();
  const query = useCachedQuery('/api/order/{id}/tracking', { params: { path: { id: orderId } } });
  const tracking = query.data;
  return (
    <Section id="card-tracking" title="Отслеживание и Telegram">
      <LoadingState what="отслеживание" {...loadingOf(query)}>
        {tracking ? (
          <>
            <dl className={widgets.facts}>
              <Fact term="Telegram">
                {tracking.telegramChats > 0 && tracking.telegramSince
                  ? `Клиент получает статусы в Telegram с ${formatDate(tracking.telegramSince)}${
                      tracking.telegramChats > 1
                        ? ` (${countRu(tracking.telegramChats, ['чат', 'чата', 'чатов'])})`
                        : ''
                    }`
                  : 'Клиент не получает статусы в Telegram'}
              </Fact>
              <Fact term="Ссылка для клиента">
                {tracking.trackingUrl ? (
                  <CopyableLink url={tracking.trackingUrl} />
                ) : (
                  'Больше не действует: заказ закрыт больше 30 дней назад'
                )}
              </Fact>
              {tracking.trackingUrl ? (
                <Fact term="Действует">
                  {tracking.linkExpiresAt
                    ? `до ${formatDateTime(tracking.linkExpiresAt)}`
                    : 'пока заказ открыт, и 30 дней после того, как он выполнен или отменён'}
                </Fact>
              ) : null}
              {tracking.revokedLinks > 0 ? (
                <Fact term="Отозвано ссылок">{String(tracking.revokedLinks)}</Fact>
              ) : null}
            </dl>
            {tracking.trackingUrl ? (
              <ConfirmedDelete
                warning="Ссылка попала не к тому человеку? Отзовите её: старая перестанет открываться, в письмах пойдёт новая."
                buttonLabel="Отозвать ссылку"
                title="Отозвать ссылку для отслеживания?"
                description="Старая ссылка перестанет открываться, а чаты Telegram, подписанные по ней, больше не получат статусы заказа. Новая ссылка будет в карточке и в следующих письмах клиенту."
                confirmLabel="Да, отозвать"
                offline={offline}
                onConfirm={async () => {
                  unwrap(
                    await api.client.POST('/api/order/{id}/tracking/revoke', {
                      params: { path: { id: orderId } },
                    }),
                  );
                  return 'Ссылка отозвана: новая — в карточке заказа';
                }}
                onDeleted={async (message) => {
                  notify(message, 'success');
                  await query.refetch();
                }}
              />
            ) : null}
          </>
        ) : null}
      </LoadingState>
      {tracking === undefined ? null : (
        <p className={page.muted}>
          Клиент видит по ссылке статус, место получения и сумму к оплате — без имени, почты, файлов и
          комментариев.
        </p>
      )}
    </Section>
  );
}
