/**
 * Everything POST /api/order must know before it writes: the catalogue rows the payload names
 * (active ones only), the delivery and pickup point, the files, and every field rule the
 * contract's schema cannot say (languages differ, the INN's checksum, a phone we can call). All
 * problems are reported together, each with the path of its field, as one 400.
 */
import type { components } from '../../../src/api/schema.gen';
import { INN_ERROR, isValidInn } from '../../../src/domain/inn';
import { isLanguageCode, mainLanguage } from '../../../src/domain/languages';
import { lineLimitProblems, type OrderLine, orderLinesFromPayload } from '../../../src/domain/order-lines';
import { formatPhone, isValidPhone, PHONE_ERROR } from '../../../src/domain/phone';
import type { CatalogAssurance, CatalogDocument } from '../../../src/domain/pricing';
import type { Database } from '../../db/client';
import { ProductError } from '../../errors';
import type { PromoRow } from '../catalogue/promo-codes';
import { type OrderReads, readOrderInputs } from './order-reads';

export type OrderCreate = components['schemas']['OrderCreate'];

interface FieldProblem {
  path: string;
  message: string;
}

export interface CheckedOrder {
  lines: OrderLine[];
  documents: Map<number, CatalogDocument & { leadDays: number }>;
  assurances: Map<number, CatalogAssurance & { notaryDays: number }>;
  delivery: { id: number; code: OrderCreate['deliveryType']; price: number };
  pickupPoint: OrderReads['pickupPoint'];
  /** The order's one language for answers and lists: the one most lines are translated into. */
  targetLanguage: string;
  /** The office to collect at (deliveryType OFFICE): the one chosen, or the first when none was. */
  officeId: number | null;
  fileIds: string[];
  /** The attached files, in the order given. */
  files: OrderReads['files'];
  phoneNumber: string;
  name: string;
  email: string;
  /** The promo code's row as read now (checked and claimed by claimPromo). */
  promo: PromoRow | null;
  /** The account of the order's email, if it exists already. */
  emailUserId: number | null;
  /** Urgency and the bureau's calendar, for the price and the promised date. */
  calendar: OrderReads['calendar'];
}

/** The payload's field the lines came from, for a problem with the lines as a whole. */
const linesField = (body: OrderCreate) =>
  body.orderDocuments?.length
    ? 'orderDocuments'
    : body.documentsWithQuantity?.length
      ? 'documentsWithQuantity'
      : 'documentIds';

export async function checkOrder(
  db: Database,
  body: OrderCreate,
  callerId: number | null,
): Promise<CheckedOrder> {
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ path: `/body/${field}`, message });

  const name = body.name.trim();
  if (!name) problem('name', 'Укажите имя');
  if (!isValidPhone(body.phoneNumber)) problem('phoneNumber', PHONE_ERROR);
  if (!isLanguageCode(body.originalLanguage))
    problem('originalLanguage', 'Выберите язык оригинала из списка');
  const lines = orderLinesFromPayload(body);
  // Only orderDocuments lines may name their own languages; the older shapes take the order's.
  const someLineWithout = body.orderDocuments?.length
    ? body.orderDocuments.some((line) => !line.targetLanguages?.length)
    : true;
  if (body.targetLanguage === undefined) {
    if (someLineWithout) problem('targetLanguage', 'Выберите язык перевода');
  } else if (!isLanguageCode(body.targetLanguage)) {
    problem('targetLanguage', 'Выберите язык перевода из списка');
  } else if (body.originalLanguage === body.targetLanguage) {
    problem('targetLanguage', 'Язык перевода должен отличаться от языка оригинала');
  }
  body.orderDocuments?.forEach((line, index) => {
    const field = `orderDocuments/${index}/targetLanguages`;
    const codes = line.targetLanguages ?? [];
    if (codes.some((code) => !isLanguageCode(code))) problem(field, 'Выберите язык перевода из списка');
    else if (codes.includes(body.originalLanguage)) {
      problem(field, 'Язык перевода должен отличаться от языка оригинала');
    } else if (new Set(codes).size !== codes.length) problem(field, 'Каждый язык перевода — один раз');
  });
  if (body.payerType === 'LEGAL') {
    if (!body.organizationInn || !isValidInn(body.organizationInn)) problem('organizationInn', INN_ERROR);
    if (!body.organizationName?.trim()) problem('organizationName', 'Укажите название организации');
  }

  if (lines.length === 0) problem('orderDocuments', 'Выберите хотя бы один документ');
  for (const { message } of lineLimitProblems(lines)) problem(linesField(body), message);
  const fileIds = [...new Set(body.files ?? [])];
  const email = body.email.trim().toLowerCase();
  const reads = await readOrderInputs(db, {
    documentIds: lines.map((line) => line.documentId),
    assuranceIds: [...new Set(lines.flatMap((line) => line.assuranceIds))],
    deliveryType: body.deliveryType,
    pickupPointId: body.deliveryType === 'PICKUP_POINT' ? (body.pickupPointId ?? null) : null,
    fileIds,
    promoCode: body.promoCode ?? null,
    email,
  });
  const documents = new Map(reads.documents.map((row) => [row.id, row]));
  const assuranceMap = new Map(reads.assurances.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    if (!documents.has(line.documentId)) {
      problem(`orderDocuments/${index}`, 'Этот документ больше не принимается, выберите другой');
    } else if (line.assuranceIds.some((id) => !assuranceMap.has(id))) {
      problem(`orderDocuments/${index}`, 'Это заверение больше недоступно, выберите другое');
    }
  });

  const delivery = body.deliveryId
    ? reads.deliveries.find((row) => row.id === body.deliveryId)
    : reads.deliveries[0];
  if (!delivery) problem('deliveryType', 'Этот способ получения сейчас недоступен, выберите другой');

  const pickupPoint: CheckedOrder['pickupPoint'] = reads.pickupPoint;
  if (body.deliveryType === 'PICKUP_POINT' && !pickupPoint) problem('pickupPointId', 'Выберите пункт выдачи');
  if (body.deliveryType === 'COURIER' && !body.address?.trim()) {
    problem('address', 'Укажите адрес доставки');
  }
  const officeId = body.deliveryType === 'OFFICE' ? officeFor(body.officeId, reads.officeIds, problem) : null;

  const usable = new Map(
    reads.files
      .filter(
        (row) =>
          row.kind === 'ORDER_DOCUMENT' &&
          row.orderId === null &&
          (row.ownerUserId === null || row.ownerUserId === callerId),
      )
      .map((row) => [row.id, row]),
  );
  if (fileIds.some((id) => !usable.has(id))) {
    problem('files', 'Один из файлов не найден или уже прикреплён к другому заказу: загрузите его заново');
  }

  if (problems.length > 0 || !delivery) {
    throw new ProductError(
      'validation',
      'VALIDATION_ERROR',
      problems[0]?.message ?? 'Проверьте данные заказа',
      problems,
    );
  }
  return {
    lines,
    documents,
    assurances: assuranceMap,
    delivery,
    pickupPoint,
    targetLanguage: mainLanguage(lines) ?? body.targetLanguage ?? '',
    officeId,
    fileIds,
    files: fileIds.map((id) => usable.get(id)).filter((row) => row !== undefined),
    phoneNumber: formatPhone(body.phoneNumber),
    name,
    email,
    promo: reads.promo,
    emailUserId: reads.userId,
    calendar: reads.calendar,
  };
}

/** The office chosen, if it still takes orders; the first active one when the form did not ask. */
function officeFor(
  chosen: number | null | undefined,
  activeIds: readonly number[],
  problem: (field: string, message: string) => void,
): number | null {
  if (activeIds.length === 0) {
    problem('deliveryType', 'Самовывоз из офиса сейчас недоступен, выберите другой способ получения');
    return null;
  }
  if (chosen === null || chosen === undefined) return activeIds[0] ?? null;
  if (activeIds.includes(chosen)) return chosen;
  problem('officeId', 'Этот офис сейчас не выдаёт заказы, выберите другой');
  return null;
}
