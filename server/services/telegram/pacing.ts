/**
 * Telegram's limits on a bot's messages: about 30 a second overall and one a second in a chat
 * (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this). The sender
 * waits its turn here before each message; a chat Telegram told to wait (429 retry_after) waits
 * that long. Per process: a second server process has its own pace, and Telegram's 429 covers
 * the rest.
 */
export interface TelegramPacing {
  /** Resolves when a message may go to the chat, and counts it as sent then. */
  turn(chatId: string): Promise<void>;
  /** Telegram said to wait: nothing goes to the chat for that long. */
  hold(chatId: string, seconds: number): void;
}

export interface PacingOptions {
  perSecond?: number;
  perChatMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPacing({
  perSecond = 30,
  perChatMs = 1000,
  now = Date.now,
  sleep = sleepFor,
}: PacingOptions = {}): TelegramPacing {
  /** When each chat may get its next message. */
  const chatFreeAt = new Map<string, number>();
  /** Times of the last `perSecond` messages overall. */
  const recent: number[] = [];
  let queue = Promise.resolve();

  async function wait(chatId: string) {
    for (;;) {
      const at = now();
      while (recent.length > 0 && (recent[0] as number) <= at - 1000) recent.shift();
      const overall = recent.length < perSecond ? 0 : (recent[0] as number) + 1000 - at;
      const chat = Math.max(0, (chatFreeAt.get(chatId) ?? 0) - at);
      const delay = Math.max(overall, chat);
      if (delay <= 0) break;
      await sleep(delay);
    }
    const sentAt = now();
    recent.push(sentAt);
    chatFreeAt.set(chatId, sentAt + perChatMs);
    // Forget chats long quiet, so the map does not grow with every chat ever written to.
    if (chatFreeAt.size > 10_000)
      for (const [id, free] of chatFreeAt) if (free < sentAt) chatFreeAt.delete(id);
  }

  return {
    turn(chatId) {
      // One turn at a time: two senders never take the same free moment.
      const mine = queue.then(() => wait(chatId));
      queue = mine.catch(() => undefined);
      return mine;
    },
    hold(chatId, seconds) {
      chatFreeAt.set(chatId, Math.max(chatFreeAt.get(chatId) ?? 0, now() + seconds * 1000));
    },
  };
}
