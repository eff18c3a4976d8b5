/**
 * Everything POST /api/order must know before it writes: the catalogue rows the payload names
 * (active ones only), the delivery and pickup point, the files, and every field rule the
 * contract's schema cannot say (languages differ, the INN's checksum, a phone we can call). All
 * problems are reported together, each with the path of its field, as one 400.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { components } from '../../../src/api/schema.gen';
import { INN_ERROR, isValidInn } from '../../../src/domain/inn';
import { isLanguageCode } from '../../../src/domain/languages';
import { type OrderLine, orderLinesFromPayload } from '../../../src/domain/order-lines';
import { formatPhone, isValidPhone, PHONE_ERROR } from '../../../src/domain/phone';
import type { CatalogAssurance, CatalogDocument } from '../../../src/domain/pricing';
import type { Database } from '../../db/client';
import { assurances, deliveries, documentTypes, files, pickupPoints } from '../../db/schema';
import { ApiError } from '../../http/errors';

export type OrderCreate = components['schemas']['OrderCreate'];

interface FieldProblem {
  path: string;
  message: string;
}

export interface CheckedOrder {
  lines: OrderLine[];
  documents: Map<number, CatalogDocument>;
  assurances: Map<number, CatalogAssurance>;
  delivery: { id: number; code: OrderCreate['deliveryType']; price: number };
  pickupPoint: { id: number; name: string; code: string | null; partnerId: number | null } | null;
  fileIds: string[];
  phoneNumber: string;
  name: string;
  email: string;
}

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
  if (!isLanguageCode(body.targetLanguage)) problem('targetLanguage', 'Выберите язык перевода из списка');
  else if (body.originalLanguage === body.targetLanguage) {
    problem('targetLanguage', 'Язык перевода должен отличаться от языка оригинала');
  }
  if (body.payerType === 'LEGAL') {
    if (!body.organizationInn || !isValidInn(body.organizationInn)) problem('organizationInn', INN_ERROR);
    if (!body.organizationName?.trim()) problem('organizationName', 'Укажите название организации');
  }

  const lines = orderLinesFromPayload(body);
  if (lines.length === 0) problem('orderDocuments', 'Выберите хотя бы один документ');
  const documentIds = lines.map((line) => line.documentId);
  const assuranceIds = [...new Set(lines.flatMap((line) => line.assuranceIds))];
  const [documentRows, assuranceRows] = await Promise.all([
    documentIds.length
      ? db
          .select({
            id: documentTypes.id,
            type: documentTypes.type,
            price: documentTypes.price,
            cost: documentTypes.cost,
          })
          .from(documentTypes)
          .where(and(inArray(documentTypes.id, documentIds), eq(documentTypes.isActive, true)))
      : [],
    assuranceIds.length
      ? db
          .select({
            id: assurances.id,
            type: assurances.type,
            price: assurances.price,
            costWeekday: assurances.costWeekday,
            costSaturday: assurances.costSaturday,
            costSunday: assurances.costSunday,
          })
          .from(assurances)
          .where(and(inArray(assurances.id, assuranceIds), eq(assurances.isActive, true)))
      : [],
  ]);
  const documents = new Map(documentRows.map((row) => [row.id, row]));
  const assuranceMap = new Map(assuranceRows.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    if (!documents.has(line.documentId)) {
      problem(`orderDocuments/${index}`, 'Этот документ больше не принимается, выберите другой');
    } else if (line.assuranceIds.some((id) => !assuranceMap.has(id))) {
      problem(`orderDocuments/${index}`, 'Это заверение больше недоступно, выберите другое');
    }
  });

  const deliveryRows = await db
    .select({ id: deliveries.id, code: deliveries.code, price: deliveries.price })
    .from(deliveries)
    .where(and(eq(deliveries.code, body.deliveryType), eq(deliveries.isActive, true)));
  const delivery = body.deliveryId ? deliveryRows.find((row) => row.id === body.deliveryId) : deliveryRows[0];
  if (!delivery) problem('deliveryType', 'Этот способ получения сейчас недоступен, выберите другой');

  let pickupPoint: CheckedOrder['pickupPoint'] = null;
  if (body.deliveryType === 'PICKUP_POINT') {
    const [point] = body.pickupPointId
      ? await db
          .select({
            id: pickupPoints.id,
            name: pickupPoints.name,
            code: pickupPoints.code,
            partnerId: pickupPoints.partnerId,
          })
          .from(pickupPoints)
          .where(and(eq(pickupPoints.id, body.pickupPointId), eq(pickupPoints.isActive, true)))
      : [];
    if (point) pickupPoint = point;
    else problem('pickupPointId', 'Выберите пункт выдачи');
  }
  if (body.deliveryType === 'COURIER' && !body.address?.trim()) {
    problem('address', 'Укажите адрес доставки');
  }

  const fileIds = [...new Set(body.files ?? [])];
  if (fileIds.length) {
    const rows = await db
      .select({ id: files.id, orderId: files.orderId, ownerUserId: files.ownerUserId, kind: files.kind })
      .from(files)
      .where(inArray(files.id, fileIds));
    const usable = new Set(
      rows
        .filter(
          (row) =>
            row.kind === 'ORDER_DOCUMENT' &&
            row.orderId === null &&
            (row.ownerUserId === null || row.ownerUserId === callerId),
        )
        .map((row) => row.id),
    );
    if (fileIds.some((id) => !usable.has(id))) {
      problem('files', 'Один из файлов не найден или уже прикреплён к другому заказу: загрузите его заново');
    }
  }

  if (problems.length > 0 || !delivery) {
    throw new ApiError(400, 'VALIDATION_ERROR', problems[0]?.message ?? 'Проверьте данные заказа', problems);
  }
  return {
    lines,
    documents,
    assurances: assuranceMap,
    delivery,
    pickupPoint,
    fileIds,
    phoneNumber: formatPhone(body.phoneNumber),
    name,
    email: body.email.trim().toLowerCase(),
  };
}
