/**
 * A person's copy of everything the bureau holds about them (152-FZ art. 14), as a ZIP sent while
 * it is written: the JSON (profile with the linked Telegram chats, organizations, orders as the
 * cabinet shows them with their status history, payment, refund, conversation and finished
 * translation, consents, notifications) is read first, so a database failure is still an ordinary
 * error answer; then each file is streamed from the storage into files/<order number>/: the scans,
 * the finished translation («Готовый перевод/») and the conversation's files («Переписка/»).
 * Heavy (every file read back), so counted per requesting account. The office's notes are not in
 * it (docs/personal-data.md says why).
 */
import { Readable } from 'node:stream';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { moscowDate } from '../../../src/domain/moscow-time';
import type { AppContext } from '../../app-context';
import { hit } from '../../auth/rate-limits';
import {
  files,
  notifications,
  orderFiles,
  orderMessageFiles,
  orderResults,
  orderStatusHistory,
  organizations,
  refunds,
  telegramSubscriptions,
} from '../../db/schema';
import { threadOf } from '../conversation/thread';
import { consentsOfPerson } from '../legal/consents';
import { loadOperator } from '../legal/legal-documents';
import { toCustomerStatusChange } from '../orders/customer-order-views';
import { loadCustomerOrder } from '../orders/customer-orders';
import { type PersonRow, personOrderRows } from './person';
import { type ZipEntry, zipChunks } from './zip-writer';

/** Counts one export against the requesting account's hour; 429 in Russian past the limit. */
export async function countExport(ctx: AppContext, requesterId: number): Promise<void> {
  const limit = ctx.config.limits.exportsPerHourPerAccount;
  await hit(ctx.db, [
    {
      key: `export:account:${requesterId}`,
      limit,
      windowSeconds: 3600,
      message: (wait) =>
        `Выгрузку данных можно скачать не больше ${limit} раз в час: она собирает все файлы заново. Повторите через ${wait}`,
    },
  ]);
}

type StoredScan = {
  id: string;
  orderId: number;
  name: string;
  size: number;
  mime: string;
  kind: 'ORDER_DOCUMENT' | 'ACT_SIGNED';
  storagePath: string;
  createdAt: Date;
};

/** A file of the order's work: the finished translation, or a file of its conversation. */
type WorkFile = Omit<StoredScan, 'kind'> & { kind: 'ORDER_RESULT' | 'MESSAGE_FILE' };

/** The folder of each kind of the order's work inside files/<order number>/. */
const WORK_FOLDERS: Record<WorkFile['kind'], string> = {
  ORDER_RESULT: 'Готовый перевод',
  MESSAGE_FILE: 'Переписка',
};

const fileColumns = {
  id: files.id,
  name: files.name,
  size: files.size,
  mime: files.mime,
  storagePath: files.storagePath,
  createdAt: files.createdAt,
};

/** The finished translations' files and the conversations' files (either side's) of the orders. */
async function workFilesOf(ctx: AppContext, orderIds: readonly number[]): Promise<WorkFile[]> {
  if (orderIds.length === 0) return [];
  const results = await ctx.db
    .select({ ...fileColumns, orderId: orderResults.orderId })
    .from(orderResults)
    .innerJoin(files, eq(files.id, orderResults.fileId))
    .where(inArray(orderResults.orderId, [...orderIds]))
    .orderBy(asc(orderResults.createdAt), asc(orderResults.id));
  const attached = await ctx.db
    .select({ ...fileColumns, orderId: files.orderId })
    .from(orderMessageFiles)
    .innerJoin(files, eq(files.id, orderMessageFiles.fileId))
    .where(and(eq(files.kind, 'MESSAGE_FILE'), inArray(files.orderId, [...orderIds])))
    .orderBy(asc(orderMessageFiles.messageId), asc(orderMessageFiles.sortOrder));
  return [
    ...results.map((file) => ({ ...file, kind: 'ORDER_RESULT' as const })),
    ...attached.flatMap((file) =>
      file.orderId === null ? [] : [{ ...file, orderId: file.orderId, kind: 'MESSAGE_FILE' as const }],
    ),
  ];
}

/** The Telegram chats that get the person's updates: linked to the account, or to an order of it. */
async function telegramChatsOf(ctx: AppContext, userId: number, numberOf: Map<number, string>) {
  const orderIds = [...numberOf.keys()];
  const rows = await ctx.db
    .select()
    .from(telegramSubscriptions)
    .where(
      orderIds.length > 0
        ? or(eq(telegramSubscriptions.userId, userId), inArray(telegramSubscriptions.orderId, orderIds))
        : eq(telegramSubscriptions.userId, userId),
    )
    .orderBy(asc(telegramSubscriptions.createdAt), asc(telegramSubscriptions.id));
  return rows.map((row) => ({
    chatId: row.chatId,
    follows: row.orderId === null ? 'все заказы' : `заказ № ${numberOf.get(row.orderId) ?? row.orderId}`,
    since: row.createdAt.toISOString(),
  }));
}

/** The scans the person uploaded with their orders, and the signed acts sent back. */
async function scansOf(ctx: AppContext, orderIds: readonly number[]): Promise<StoredScan[]> {
  if (orderIds.length === 0) return [];
  const ids = [...orderIds];
  const columns = { ...fileColumns, kind: files.kind };
  const linked = await ctx.db
    .select({ ...columns, orderId: orderFiles.orderId })
    .from(orderFiles)
    .innerJoin(files, eq(files.id, orderFiles.fileId))
    .where(inArray(orderFiles.orderId, ids))
    .orderBy(asc(orderFiles.orderId), asc(orderFiles.sortOrder));
  const own = await ctx.db
    .select({ ...columns, orderId: files.orderId })
    .from(files)
    .where(
      and(inArray(files.orderId, ids), or(eq(files.kind, 'ORDER_DOCUMENT'), eq(files.kind, 'ACT_SIGNED'))),
    )
    .orderBy(asc(files.createdAt));
  const seen = new Set(linked.map((file) => `${file.orderId}/${file.id}`));
  return [...linked, ...own.filter((file) => !seen.has(`${file.orderId}/${file.id}`))].filter(
    (file): file is StoredScan =>
      file.orderId !== null && (file.kind === 'ORDER_DOCUMENT' || file.kind === 'ACT_SIGNED'),
  );
}

/** A file name safe in any unzip: no folders, no control characters, not hidden, not too long. */
function safeName(name: string): string {
  const cleaned = [...name]
    .map((char) => (char === '/' || char === '\\' || char < ' ' || char === '\u007f' ? '_' : char))
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return (cleaned || 'файл').slice(0, 150);
}

/** «scan.jpg», then «scan (2).jpg» for a second file of the same name in one folder. */
function uniquePath(folder: string, name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let path = `${folder}/${name}`;
  for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${folder}/${stem} (${n})${extension}`;
  taken.add(path.toLowerCase());
  return path;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

const moscowDateTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  dateStyle: 'short',
  timeStyle: 'short',
});

function readme(options: {
  operator: { name: string; contact: string };
  at: Date;
  byStaff: boolean;
  retentionDays: number;
  files: number;
  missing: string[];
}): Buffer {
  const lines = [
    `Ваши данные в «${options.operator.name}»`,
    `Выгрузка от ${moscowDateTime.format(options.at)} (московское время)${options.byStaff ? ', сделана администратором по вашему письменному запросу' : ''}.`,
    '',
    'profile.json — учётная запись: email, телефон, имя, когда создана, когда был последний вход.',
    'organizations.json — организации, сохранённые для счетов и актов.',
    'orders.json — заказы: документы, языки, контакты и способ получения, суммы, оплата, возврат, история статусов,',
    '  переписка с бюро по заказу и готовый перевод.',
    'consents.json — согласия на обработку персональных данных: версия текста, когда, с какого адреса и браузера.',
    'notifications.json — уведомления в личном кабинете.',
    `files/<номер заказа>/ — файлы заказов (${options.files}): загруженные вами документы,`,
    '  «Готовый перевод/» — файлы перевода от бюро, «Переписка/» — файлы из переписки по заказу.',
    '',
    `Файлы заказа хранятся ${options.retentionDays} дней после выполнения или отмены заказа, затем удаляются.`,
    'Удалить аккаунт и данные можно в личном кабинете (Профиль → Ваши данные → «Удалить аккаунт»)',
    `или письменным заявлением оператору: ${options.operator.contact}.`,
  ];
  if (options.missing.length > 0)
    lines.push(
      '',
      'Не найдены в хранилище (удалены или повреждены):',
      ...options.missing.map((m) => `- ${m}`),
    );
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

export interface DataArchive {
  /** The download's name, e.g. «Мои данные 2026-11-21.zip». */
  fileName: string;
  chunks: AsyncGenerator<Buffer>;
}

/**
 * The person's archive. `byStaff`: an ADMIN answers a written request (said in README.txt and in
 * the file's name). Everything but the scans' bytes is read before the first byte is sent.
 */
export async function personalDataArchive(
  ctx: AppContext,
  person: PersonRow,
  options: { byStaff: boolean; now?: Date },
): Promise<DataArchive> {
  const at = options.now ?? new Date();
  const orderRows = await personOrderRows(ctx.db, person);
  const orderIds = orderRows.map((row) => row.id);
  const scans = await scansOf(ctx, orderIds);
  const work = await workFilesOf(ctx, orderIds);
  const numberOf = new Map(orderRows.map((row) => [row.id, row.number]));
  const taken = new Set<string>();
  const pathOf = new Map<string, string>();
  const folderOf = (orderId: number) => `files/${safeName(numberOf.get(orderId) ?? String(orderId))}`;
  for (const scan of scans)
    pathOf.set(`${scan.orderId}/${scan.id}`, uniquePath(folderOf(scan.orderId), safeName(scan.name), taken));
  for (const file of work)
    pathOf.set(
      `${file.orderId}/${file.id}`,
      uniquePath(`${folderOf(file.orderId)}/${WORK_FOLDERS[file.kind]}`, safeName(file.name), taken),
    );
  const stored = [...scans, ...work];

  const ordersJson: unknown[] = [];
  for (const row of orderRows) {
    const {
      actions: _actions,
      nextStep: _nextStep,
      files: orderFilesList,
      results,
      ...order
    } = await loadCustomerOrder(ctx.db, row.id);
    const resultFiles = await ctx.db
      .select({ id: orderResults.id, fileId: orderResults.fileId })
      .from(orderResults)
      .where(eq(orderResults.orderId, row.id));
    const resultPath = (resultId: number) => {
      const fileId = resultFiles.find((file) => file.id === resultId)?.fileId;
      return fileId ? (pathOf.get(`${row.id}/${fileId}`) ?? null) : null;
    };
    // As the cabinet shows it: «Бюро переводов» for the office, never a staff member's address.
    const thread = await threadOf(ctx.db, row.id, 'CUSTOMER');
    const history = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    ordersJson.push({
      ...order,
      files: scans
        .filter((scan) => scan.orderId === row.id)
        .map((scan) => ({
          name: scan.name,
          size: scan.size,
          type: scan.mime,
          kind: scan.kind === 'ACT_SIGNED' ? 'подписанный акт' : 'скан документа',
          uploadedAt: scan.createdAt.toISOString(),
          addedAt: orderFilesList.find((file) => file.id === scan.id)?.addedAt ?? null,
          pathInArchive: pathOf.get(`${scan.orderId}/${scan.id}`),
        })),
      payment: row.paidAt ? { paidAt: row.paidAt.toISOString(), paymentId: row.paymentId } : null,
      refund: refund
        ? {
            amount: refund.amount,
            reason: refund.reason,
            status: refund.status,
            createdAt: refund.createdAt.toISOString(),
            doneAt: refund.doneAt?.toISOString() ?? null,
          }
        : null,
      scansDeletedAt: row.scansDeletedAt?.toISOString() ?? null,
      history: history.map((step) => toCustomerStatusChange(step, person.id)),
      results: results.map(({ url: _url, addedByEmail: _by, ...result }) => ({
        ...result,
        pathInArchive: resultPath(result.id),
      })),
      conversation: thread.messages.map((message) => ({
        from: message.side === 'CUSTOMER' ? 'Вы' : 'Бюро переводов',
        text: message.text,
        sentAt: message.createdAt,
        readByOtherSideAt: message.readAt,
        files: message.files.map((file) => ({
          name: file.name,
          size: file.size,
          type: file.type,
          pathInArchive: pathOf.get(`${row.id}/${file.id}`) ?? null,
        })),
      })),
    });
  }

  const profile = {
    id: person.id,
    email: person.email,
    phoneNumber: person.phoneNumber,
    firstName: person.firstName,
    lastName: person.lastName,
    username: person.username,
    telegramId: person.telegramId,
    telegramChats: await telegramChatsOf(ctx, person.id, numberOf),
    login: person.login,
    role: person.role,
    hasPassword: person.passwordHash !== null,
    createdAt: person.createdAt.toISOString(),
    lastLoginAt: person.lastLoginAt?.toISOString() ?? null,
  };
  const organizationRows = await ctx.db
    .select({
      inn: organizations.inn,
      kpp: organizations.kpp,
      name: organizations.name,
      address: organizations.address,
      signerName: organizations.signerName,
      signerPosition: organizations.signerPosition,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .where(eq(organizations.userId, person.id))
    .orderBy(asc(organizations.id));
  const notificationRows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, person.id))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  const consents = await consentsOfPerson(ctx.db, person.id, orderIds);
  const operator = await loadOperator(ctx.db);

  const missing: string[] = [];
  async function* entries(): AsyncGenerator<ZipEntry> {
    const json0 = (name: string, value: unknown): ZipEntry => ({
      name,
      modifiedAt: at,
      content: json(value),
    });
    yield json0('profile.json', profile);
    yield json0('organizations.json', organizationRows);
    yield json0('orders.json', ordersJson);
    yield json0('consents.json', consents);
    yield json0(
      'notifications.json',
      notificationRows.map((n) => ({
        type: n.type,
        title: n.title,
        body: n.body,
        url: n.url,
        orderId: n.orderId,
        readAt: n.readAt?.toISOString() ?? null,
        createdAt: n.createdAt.toISOString(),
      })),
    );
    for (const file of stored) {
      const path = pathOf.get(`${file.orderId}/${file.id}`) as string;
      const bytes = await ctx.storage.read(file.storagePath);
      if (!bytes) {
        missing.push(path);
        continue;
      }
      yield { name: path, modifiedAt: file.createdAt, content: bytes.stream };
    }
    yield {
      name: 'README.txt',
      modifiedAt: at,
      content: readme({
        operator,
        at,
        byStaff: options.byStaff,
        retentionDays: ctx.config.scanRetentionDays,
        files: stored.length - missing.length,
        missing,
      }),
    };
  }

  const day = moscowDate(at);
  return {
    fileName: options.byStaff ? `Данные клиента ${person.id} ${day}.zip` : `Мои данные ${day}.zip`,
    chunks: zipChunks(entries()),
  };
}

/** The archive as a stream to send (Readable.from keeps the storage's pace to the client's). */
export const archiveStream = (archive: DataArchive) => Readable.from(archive.chunks, { objectMode: false });
