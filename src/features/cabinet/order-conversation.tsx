/**
 * The cabinet's «Готовый перевод» and «Переписка» on the order's page. The thread is read through
 * the stored copy like the order (an order opened once shows its messages offline, with their
 * age); the bureau's messages are marked read as the customer sees them.
 */
import { useCallback } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { CachedQuery, GetData } from '../../api/use-cached-query';
import { Conversation } from '../../ui/conversation/conversation';
import { Section } from '../../ui/order/order-sections';
import { ResultsList } from '../../ui/order/results-list';
import * as page from '../../ui/page.css';
import { QueryState } from '../../ui/query-state';
import type { MyOrder } from './cabinet-types';

export type MyThread = GetData<'/api/user/orders/{id}/messages'>;

export function ResultsSection({ order }: { order: Pick<MyOrder, 'results'> }) {
  if (order.results.length === 0) return null;
  return (
    <Section id="order-results" title="Готовый перевод">
      <ResultsList results={order.results} />
      <p className={page.muted}>
        Сохраните файлы у себя: после закрытия заказа они хранятся на сервере ограниченное время.
      </p>
    </Section>
  );
}

export function ConversationSection({ orderId, thread }: { orderId: number; thread: CachedQuery<MyThread> }) {
  const { api } = useDataLayer();
  const { refetch } = thread;
  const markRead = useCallback(
    async (upToId: number) => {
      await api.client.POST('/api/user/orders/{id}/messages/read', {
        params: { path: { id: orderId } },
        body: { upToId },
      });
      await refetch();
    },
    [api, orderId, refetch],
  );
  return (
    <Section id="order-messages" title="Переписка">
      {thread.data ? null : (
        <QueryState what="переписку" error={thread.error} onRetry={() => void refetch()} />
      )}
      {/* Even with no copy of the thread (offline, never opened) a message can be written: it waits. */}
      <Conversation
        orderId={orderId}
        writer="customer"
        thread={thread.data}
        onRefetch={refetch}
        onRead={markRead}
        label="Ваше сообщение"
        hint="Вопрос или уточнение по заказу. Менеджер ответит здесь; об ответе придёт уведомление."
      />
    </Section>
  );
}
