/**
 * A customer with everything the bureau may hold about them, made through the real API where one
 * exists: an account with a name and phone and its sign-in consent, a saved company with its
 * signer, scans uploaded signed in and without, an order by courier with a comment and one placed
 * without signing in to the same email, a manager's comment naming them, the order's conversation
 * (her question with a file, the bureau's answer with a file, both naming her), the finished
 * translation, an office note with her phone, Telegram chats following her account and her order
 * (with a start token not yet used) and the order's tracking link, a refund, an order left from an
 * earlier account of theirs, notifications. The personal-data tests make two and check that one's
 * export or erasure touches nothing of the other's.
 */
import { eq } from 'drizzle-orm';
import { orderStatusHistory, orders, organizations, refunds, users } from '../db/schema';
import { claimSignInConsent, recordSignInConsent } from '../services/legal/consents';
import { linkChat, newStartToken } from '../services/telegram/subscriptions';
import { liveLink } from '../services/tracking/tracking-links';
import { createOrder } from './fixtures';
import { multipartForm } from './multipart-form';
import { type SignedInTestUser, signInAs } from './sign-in';
import type { TestServer } from './test-server';

export interface PersonValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  comment: string;
  signer: string;
  /** Starts every scan's file name, and is in the names of the order's other files. */
  scanName: string;
  /** Her Telegram chat: it follows her account and her order by courier. */
  telegramChat: string;
  /**
   * Her question in the order's conversation, without any value above in it: only the words are
   * hers (the office's notifications quote her message whole).
   */
  question: string;
}

/** The courier order's work: what the office wrote and attached, and how it is followed. */
export interface OrderWork {
  /** Her message and the bureau's answer, as written. */
  customerText: string;
  bureauText: string;
  /** The office's note: never hers to receive. */
  noteText: string;
  /** Files by name with their exact bytes. */
  customerFile: { name: string; bytes: Buffer };
  bureauFile: { name: string; bytes: Buffer };
  result: { name: string; bytes: Buffer };
  /** The order's live tracking link's token. */
  trackingToken: string;
}

export interface TestPerson {
  values: PersonValues;
  user: SignedInTestUser;
  /** Their orders: by courier (completed, refunded), without sign-in (cancelled by them), orphan (completed). */
  orders: { id: number; number: string; amount: number }[];
  /** The scans' names and exact bytes. */
  scans: { name: string; bytes: Buffer }[];
  work: OrderWork;
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

export async function personWithData(
  server: TestServer,
  values: PersonValues,
  manager: SignedInTestUser,
): Promise<TestPerson> {
  const ctx = server.context;
  const user = await signInAs(ctx, 'USER', { email: values.email });
  await ctx.db
    .update(users)
    .set({ firstName: values.firstName, lastName: values.lastName, phoneNumber: values.phone })
    .where(eq(users.id, user.userId));
  await recordSignInConsent(ctx.db, values.email, { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' });
  await claimSignInConsent(ctx.db, user.userId, values.email);
  await ctx.db.insert(organizations).values({
    userId: user.userId,
    inn: '7707083893',
    name: 'ООО «Ромашка»',
    signerName: values.signer,
    signerPosition: 'Генеральный директор',
  });

  const scans = [1, 2, 3].map((n) => ({
    name: `${values.scanName}-${n}.pdf`,
    bytes: pdf(`${values.scanName} ${n}`),
  }));
  const send = async (
    url: string,
    parts: { name: string; bytes: Buffer }[],
    headers: Record<string, string>,
    fields: Record<string, string> = {},
  ) => {
    const form = multipartForm(
      parts.map((s) => ({ name: s.name, content: s.bytes, type: 'application/pdf' })),
      fields,
    );
    const answer = await server.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
    if (answer.statusCode !== 201) throw new Error(`${url} refused: ${answer.body}`);
    return answer.json();
  };
  const upload = async (url: string, parts: typeof scans, headers: Record<string, string> = {}) =>
    ((await send(url, parts, headers)).files as { id: string }[]).map((file) => file.id);
  const place = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const answer = await server.app.inject({ method: 'POST', url: '/api/order', payload: body, headers });
    if (answer.statusCode !== 201) throw new Error(`order refused: ${answer.body}`);
    return answer.json().order as { id: number; number: string; amount: number };
  };
  const contacts = {
    name: `${values.firstName} ${values.lastName}`,
    phoneNumber: values.phone,
    email: values.email,
    originalLanguage: 'ru',
    targetLanguage: 'en',
    payerType: 'INDIVIDUAL',
    personalDataConsent: true,
  };

  const courier = await place(
    {
      ...contacts,
      orderDocuments: [{ documentId: 1, quantity: 1, assuranceIds: [] }],
      files: await upload('/api/upload', scans.slice(0, 2), user.headers),
      deliveryType: 'COURIER',
      deliveryId: 3,
      address: values.address,
      comment: values.comment,
    },
    user.headers,
  );
  const anonymous = await place({
    ...contacts,
    orderDocuments: [{ documentId: 2, quantity: 1, assuranceIds: [] }],
    files: await upload('/api/upload/public', scans.slice(2)),
    deliveryType: 'OFFICE',
  });

  // Chats follow her account (from the cabinet) and the order (through its tracking link), so the
  // status move below queues a Telegram message for each; one more start token is left unused.
  const link = await liveLink(ctx.db, ctx.keys.trackingLink, courier.id);
  const byAccount = await newStartToken(ctx.db, { userId: user.userId });
  await linkChat(ctx.db, values.telegramChat, byAccount.token);
  const byLink = await newStartToken(ctx.db, { orderId: courier.id, trackingLinkId: link.id });
  await linkChat(ctx.db, `${values.telegramChat}1`, byLink.token);
  await newStartToken(ctx.db, { orderId: courier.id, trackingLinkId: link.id });

  // A manager's comment naming them, the work done, the money partly returned.
  const moved = await server.app.inject({
    method: 'PATCH',
    url: '/api/order/status',
    headers: manager.headers,
    payload: {
      id: courier.id,
      status: 'IN_TRANSLATION',
      comment: `Звонили ${values.firstName} ${values.lastName} на ${values.phone}, просит курьера после 18:00`,
    },
  });
  if (moved.statusCode !== 200) throw new Error(`status not moved: ${moved.body}`);

  // The conversation, both sides naming her, the finished translation, and the office's note.
  const work: OrderWork = {
    customerText: `Здравствуйте! Это ${values.firstName} ${values.lastName}, звоните на ${values.phone}. ${values.question}`,
    bureauText: `${values.firstName}, проверьте написание фамилии ${values.lastName} в черновике`,
    noteText: `Заметка офиса: ${values.firstName} просила звонить на ${values.phone} после 18:00`,
    customerFile: {
      name: `доверенность-${values.scanName}.pdf`,
      bytes: pdf(`доверенность ${values.scanName}`),
    },
    bureauFile: { name: `черновик-${values.scanName}.pdf`, bytes: pdf(`черновик ${values.scanName}`) },
    result: { name: `перевод-${values.scanName}.pdf`, bytes: pdf(`перевод ${values.scanName}`) },
    trackingToken: link.token,
  };
  await send(`/api/user/orders/${courier.id}/messages`, [work.customerFile], user.headers, {
    text: work.customerText,
  });
  await send(`/api/order/${courier.id}/messages`, [work.bureauFile], manager.headers, {
    text: work.bureauText,
  });
  await send(`/api/order/${courier.id}/results`, [work.result], manager.headers, {
    note: `Перевод для ${values.firstName} ${values.lastName}`,
  });
  const noted = await server.app.inject({
    method: 'POST',
    url: `/api/order/${courier.id}/notes`,
    headers: manager.headers,
    payload: { text: work.noteText },
  });
  if (noted.statusCode !== 201 && noted.statusCode !== 200) throw new Error(`note refused: ${noted.body}`);
  await ctx.db
    .update(orders)
    .set({ status: 'COMPLETED', paidAt: new Date(), paymentId: `demo-${courier.id}` })
    .where(eq(orders.id, courier.id));
  await ctx.db
    .insert(orderStatusHistory)
    .values({ orderId: courier.id, fromStatus: 'IN_TRANSLATION', status: 'COMPLETED' });
  await ctx.db.insert(refunds).values({
    orderId: courier.id,
    amount: 100,
    reason: `Скидка за задержку, ${values.lastName} согласна`,
    status: 'SUCCEEDED',
    paymentId: `demo-${courier.id}`,
    idempotenceKey: crypto.randomUUID(),
  });
  const cancelled = await server.app.inject({
    method: 'POST',
    url: `/api/user/orders/${anonymous.id}/cancel`,
    headers: user.headers,
  });
  if (cancelled.statusCode !== 200) throw new Error(`not cancelled: ${cancelled.body}`);

  // From an account of theirs deleted long ago: no account, their email (docs/decisions/0011).
  const orphan = await createOrder(ctx, { userId: null });
  await ctx.db
    .update(orders)
    .set({
      email: values.email,
      name: `${values.firstName} ${values.lastName}`,
      phoneNumber: values.phone,
      status: 'COMPLETED',
      amount: 990,
    })
    .where(eq(orders.id, orphan.id));

  return {
    values,
    user,
    orders: [courier, anonymous, { id: orphan.id, number: orphan.number, amount: 990 }],
    scans,
    work,
  };
}
