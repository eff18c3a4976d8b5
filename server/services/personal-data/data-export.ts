/**
 * A person's copy of everything the bureau holds about them (152-FZ art. 14), as a ZIP sent while
 * it is written: the JSON (profile, organizations, orders as the cabinet shows them with their
 * status history, payment and refund, consents, notifications) is read first, so a database
 * failure is still an ordinary error answer; then each scan is streamed from the storage into
 * files/<order number>/. Heavy (every scan read back), so counted per requesting account.
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
  orderStatusHistory,
  organizations,
  refunds,
} from '../../db/schema';
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

/** The scans the person uploaded with their orders, and the signed acts sent back. */
async function scansOf(ctx: AppContext, orderIds: readonly number[]): Promise<StoredScan[]> {
  if (orderIds.length === 0) return [];
  const ids = [...orderIds];
  const columns = {
    id: files.id,
    name: files.name,
    size: files.size,
    mime: files.mime,
    kind: files.kind,
    storagePath: files.storagePath,
    createdAt: files.createdAt,
  };
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
  scans: number;
  missing: string[];
}): Buffer {
  const lines = [
    `Ваши данные в «${options.operator.name}»`,
    `Выгрузка от ${moscowDateTime.format(options.at)} (московское время)${options.byStaff ? ', сделана администратором по вашему письменному запросу' : ''}.`,
    '',
    'profile.json — учётная запись: email, телефон, имя, когда создана, когда был последний вход.',
    'organizations.json — организации, сохранённые для счетов и актов.',
    'orders.json — заказы: документы, языки, контакты и способ получения, суммы, оплата, возврат, история статусов.',
    'consents.json — согласия на обработку персональных данных: версия текста, когда, с какого адреса и браузера.',
    'notifications.json — уведомления в личном кабинете.',
    `files/<номер заказа>/ — файлы, загруженные к заказам (${options.scans}).`,
    '',
    `Сканы хранятся ${options.retentionDays} дней после выполнения или отмены заказа, затем удаляются.`,
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
  const numberOf = new Map(orderRows.map((row) => [row.id, row.number]));
  const taken = new Set<string>();
  const pathOf = new Map<string, string>();
  for (const scan of scans) {
    const folder = `files/${safeName(numberOf.get(scan.orderId) ?? String(scan.orderId))}`;
    pathOf.set(`${scan.orderId}/${scan.id}`, uniquePath(folder, safeName(scan.name), taken));
  }

  const ordersJson: unknown[] = [];
  for (const row of orderRows) {
    const {
      actions: _actions,
      nextStep: _nextStep,
      files: orderFilesList,
      ...order
    } = await loadCustomerOrder(ctx.db, row.id);
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
    for (const scan of scans) {
      const path = pathOf.get(`${scan.orderId}/${scan.id}`) as string;
      const stored = await ctx.storage.read(scan.storagePath);
      if (!stored) {
        missing.push(path);
        continue;
      }
      yield { name: path, modifiedAt: scan.createdAt, content: stored.stream };
    }
    yield {
      name: 'README.txt',
      modifiedAt: at,
      content: readme({
        operator,
        at,
        byStaff: options.byStaff,
        retentionDays: ctx.config.scanRetentionDays,
        scans: scans.length - missing.length,
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
