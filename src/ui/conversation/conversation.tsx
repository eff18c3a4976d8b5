/**
 * An order's conversation between its customer and the bureau, the same widget in the cabinet
 * (writer 'customer') and on the office's order card (writer 'office'); the screen reads the
 * thread (its own operation) and passes it in. Sending goes through the outbox
 * (src/outbox/order-messages.ts): a message written offline shows at once as «ждёт сети» and is
 * sent once when the network is back. The other side's messages are marked read when the end of
 * the thread is on the screen of a visible, online page — not when it is merely fetched, nor when
 * the page is open above it — so a message nobody saw is still mailed to the customer after 15
 * minutes.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useDataLayer } from '../../api/data-layer';
import type { components } from '../../api/schema.gen';
import { useOnlineStatus } from '../../api/use-online-status';
import { useLiveQuery } from '../../db/live-query';
import type { OutboxEntry } from '../../db/schema';
import {
  dismissOrderMessage,
  type OrderMessageResult,
  orderMessageOf,
  queuedOrderMessages,
} from '../../outbox/order-messages';
import { replayFromPage, submitOrderMessage } from '../../outbox/page-outbox';
import * as page from '../page.css';
import { type ComposedMessage, MessageComposer } from './message-composer';
import { MessageList, type MessageWriter } from './message-list';

export type OrderThread = components['schemas']['OrderThread'];

const SIDE_OF = { customer: 'CUSTOMER', office: 'BUREAU' } as const;

export interface ConversationProps {
  orderId: number;
  writer: MessageWriter;
  thread: OrderThread | undefined;
  /** Reads the thread again (after a message was sent, or read). */
  onRefetch: () => Promise<void>;
  /** Marks the other side's messages up to this one read. */
  onRead: (upToId: number) => Promise<void>;
  label: string;
  hint: string;
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const changed = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  }, []);
  return visible;
}

/** Whether the element is on the screen (always, where the browser cannot tell). */
function useOnScreen(element: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setOnScreen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1);
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}

export function Conversation({ orderId, writer, thread, onRefetch, onRead, label, hint }: ConversationProps) {
  const { db } = useDataLayer();
  const online = useOnlineStatus();
  const visible = usePageVisible();
  // The composer, right after the last message: on the screen, the newest messages have been too.
  const end = useRef<HTMLFormElement>(null);
  const endOnScreen = useOnScreen(end);
  const [draft, setDraft] = useState<{ key: number; message: ComposedMessage } | null>(null);
  const [firstUnreadId, setFirstUnreadId] = useState<number | null | undefined>(undefined);
  const entries = useLiveQuery(() => queuedOrderMessages(db, orderId, writer), [db, orderId, writer]) ?? [];
  const messages = thread?.messages ?? [];
  const mine = SIDE_OF[writer];

  // Where the unread part began when the thread was first shown: it stays while the page is open,
  // after the messages are marked read.
  if (thread && firstUnreadId === undefined) {
    setFirstUnreadId(
      messages.find((message) => message.side !== mine && message.readAt === null)?.id ?? null,
    );
  }

  const lastUnread = messages
    .filter((message) => message.side !== mine && message.readAt === null)
    .at(-1)?.id;
  useEffect(() => {
    if (lastUnread === undefined || !online || !visible || !endOnScreen) return;
    void onRead(lastUnread).catch(() => undefined);
  }, [lastUnread, online, visible, endOnScreen, onRead]);

  // A message this device sent since the thread was read: read the thread again, it is there now.
  const shown = new Set(messages.map((message) => message.id));
  const sentNotShown = entries.filter(
    (entry) =>
      entry.status === 'sent' &&
      !shown.has((entry.result as OrderMessageResult | undefined)?.messageId ?? -1),
  ).length;
  useEffect(() => {
    if (sentNotShown > 0) void onRefetch();
  }, [sentNotShown, onRefetch]);

  const queued = entries.filter(
    (entry) =>
      entry.status !== 'sent' ||
      !shown.has((entry.result as OrderMessageResult | undefined)?.messageId ?? -1),
  );

  async function send(message: ComposedMessage) {
    await submitOrderMessage(db, {
      orderId,
      writer,
      text: message.text,
      files: message.files.map((file) => ({ name: file.name, size: file.size, type: file.type, blob: file })),
    });
  }

  function takeBack(entry: OutboxEntry) {
    const { text, files } = orderMessageOf(entry);
    setDraft({
      key: Date.now(),
      message: { text, files: files.map((file) => new File([file.blob], file.name, { type: file.type })) },
    });
    void dismissOrderMessage(db, entry.id);
  }

  return (
    <div className={page.stack}>
      {!thread && queued.length === 0 ? null : messages.length === 0 && queued.length === 0 ? (
        <p className={page.muted}>
          {writer === 'customer'
            ? 'Сообщений пока нет. Если есть вопрос по заказу, напишите — менеджер ответит здесь.'
            : 'Сообщений пока нет.'}
        </p>
      ) : (
        <MessageList
          writer={writer}
          messages={messages}
          firstUnreadId={firstUnreadId ?? null}
          queued={queued}
          online={online}
          onSendNow={() => void replayFromPage(db, true)}
          onTakeBack={takeBack}
          onDiscard={(entry) => void dismissOrderMessage(db, entry.id)}
        />
      )}
      <MessageComposer
        formRef={end}
        idPrefix={`messages-${orderId}`}
        label={label}
        hint={hint}
        online={online}
        onSend={send}
        draft={draft}
      />
    </div>
  );
}
