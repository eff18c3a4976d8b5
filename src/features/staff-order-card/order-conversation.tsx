/**
 * «Переписка с клиентом» on the office's card: the order's conversation (GET /api/order/{id}/messages),
 * read through the stored copy like the card; the customer's messages are marked read as someone
 * of the office sees them, which clears the list's badge and the monitor's count. An answer
 * written offline waits in the outbox and goes once the network is back.
 */
import { useCallback } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { CachedQuery, GetData } from '../../api/use-cached-query';
import { Conversation } from '../../ui/conversation/conversation';
import { Section } from '../../ui/order/order-sections';
import { QueryState } from '../../ui/query-state';

export type OfficeThread = GetData<'/api/order/{id}/messages'>;

export function OrderConversation({
  orderId,
  thread,
}: {
  orderId: number;
  thread: CachedQuery<OfficeThread>;
}) {
  const { api } = useDataLayer();
  const { refetch } = thread;
  const markRead = useCallback(
    async (upToId: number) => {
      await api.client.POST('/api/order/{id}/messages/read', {
        params: { path: { id: orderId } },
        body: { upToId },
      });
      await refetch();
    },
    [api, orderId, refetch],
  );
  return (
    <Section id="card-messages" title="Переписка с клиентом">
      {thread.data ? null : (
        <QueryState what="переписку" error={thread.error} onRetry={() => void refetch()} />
      )}
      <Conversation
        orderId={orderId}
        writer="office"
        thread={thread.data}
        onRefetch={refetch}
        onRead={markRead}
        label="Сообщение клиенту"
        hint="Клиент получит push-уведомление, а если не прочитает за 15 минут — письмо. Внутренние пометки пишите в «Заметки для сотрудников»."
      />
    </Section>
  );
}
