/**
 * What the bot answers in a chat: /start with a one-time token links the chat to an order or an
 * account and says where the order stands; /status lists the chat's orders with their links;
 * /stop unlinks the chat; anything else gets the help. Answers are direct replies to the person
 * at the chat (one each, at their pace); what the bot sends on its own goes through the queue.
 */
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Context } from 'grammy';
import type { Logger } from 'pino';
import { ORDER_STATUS_LABELS } from '../../../src/domain/order-status';
import type { AppContext } from '../../app-context';
import { orders, users } from '../../db/schema';
import { orderMailParams } from '../orders/order-mail';
import { closedAtSql, isLinkExpired, trackingUrlFor } from '../tracking/tracking-links';
import type { TelegramBot } from './bot';
import { telegramText } from './messages';
import { followedBy, linkChat, unlinkChat } from './subscriptions';

const COMMANDS_HELP = '/status — ваши заказы и их статусы\n/stop — больше не присылать статусы';

export const WELCOME = `Здравствуйте! Это бот бюро переводов: он присылает статусы заказов.

Чтобы получать их, откройте страницу заказа (ссылка есть в каждом письме о заказе) или личный кабинет и нажмите «Получать статусы в Telegram».

${COMMANDS_HELP}`;

export const START_LINK_INVALID =
  'Ссылка устарела или уже использована. Откройте страницу заказа и нажмите «Получать статусы в Telegram» ещё раз.';

export const STOPPED =
  'Готово: статусы больше не будут приходить в этот чат. Чтобы снова получать их, нажмите «Получать статусы в Telegram» на странице заказа.';

const NOTHING_FOLLOWED =
  'Этот чат не подписан ни на один заказ. Нажмите «Получать статусы в Telegram» на странице заказа или в личном кабинете.';

/** How many orders /status lists, newest first. */
const STATUS_LIST_LIMIT = 10;

export function installCommands(ctx: AppContext, telegram: TelegramBot, logger?: Pick<Logger, 'warn'>): void {
  const { bot } = telegram;
  const chatOf = (c: Context) => String(c.chat?.id ?? '');

  bot.command('start', async (c) => {
    const token = c.match.trim();
    if (!token) return void (await c.reply(WELCOME));
    const linked = await linkChat(ctx.db, chatOf(c), token);
    if (!linked) return void (await c.reply(START_LINK_INVALID));
    if (linked.kind === 'account') {
      const list = await statusList(ctx, chatOf(c));
      return void (await c.reply(
        `Готово: статусы заказов вашего личного кабинета будут приходить сюда.\n\n${list}\n\n${COMMANDS_HELP}`,
      ));
    }
    const params = await orderMailParams(ctx.db, ctx.config.publicUrl, null, linked.orderId);
    const [order] = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, linked.orderId));
    if (!params || !order) return void (await c.reply(START_LINK_INVALID));
    const url = await trackingUrlFor(ctx.db, ctx.keys.trackingLink, ctx.config.publicUrl, linked.orderId);
    await c.reply(
      `Готово: статусы заказа № ${params.number} будут приходить сюда.\n\n${telegramText({ event: 'status', status: order.status }, params, url)}\n\n${COMMANDS_HELP}`,
      { link_preview_options: { is_disabled: true } },
    );
  });

  bot.command('status', async (c) => {
    await c.reply(await statusList(ctx, chatOf(c)), { link_preview_options: { is_disabled: true } });
  });

  bot.command('stop', async (c) => {
    await unlinkChat(ctx.db, chatOf(c));
    await c.reply(STOPPED);
  });

  bot.on('message', async (c) => {
    await c.reply(WELCOME);
  });

  bot.catch((error) => {
    logger?.warn({ err: error.error }, 'Telegram: ошибка при ответе на сообщение');
  });
}

/** The chat's orders, newest first, each with its status and link; closed ones for 30 days. */
export async function statusList(ctx: AppContext, chatId: string): Promise<string> {
  const { orderIds, userIds } = await followedBy(ctx.db, chatId);
  if (orderIds.length === 0 && userIds.length === 0) return NOTHING_FOLLOWED;
  const accountEmails = userIds.length
    ? ctx.db
        .select({ email: sql`lower(${users.email})` })
        .from(users)
        .where(inArray(users.id, userIds))
    : null;
  const rows = await ctx.db
    .select({ id: orders.id, number: orders.number, status: orders.status, closedAt: closedAtSql })
    .from(orders)
    .where(
      or(
        orderIds.length ? inArray(orders.id, orderIds) : sql`false`,
        userIds.length ? inArray(orders.userId, userIds) : sql`false`,
        accountEmails
          ? and(isNull(orders.userId), inArray(sql`lower(${orders.email})`, accountEmails))
          : sql`false`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STATUS_LIST_LIMIT * 2);
  const open = rows.filter((row) => !isLinkExpired(row.closedAt)).slice(0, STATUS_LIST_LIMIT);
  if (open.length === 0) return 'Заказов, за которыми можно следить, сейчас нет.';
  const entries = await Promise.all(
    open.map(async (row) => {
      const url = await trackingUrlFor(ctx.db, ctx.keys.trackingLink, ctx.config.publicUrl, row.id);
      return `№ ${row.number} — ${ORDER_STATUS_LABELS[row.status]}${url ? `\n${url}` : ''}`;
    }),
  );
  return `Ваши заказы:\n\n${entries.join('\n\n')}`;
}
