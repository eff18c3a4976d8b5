/**
 * The CDEK adapter (API v2): the tariff list for a route, a parcel («заказ» in CDEK's words) of
 * type 2 «доставка» registered under our order number, its state and statuses, and the pickup
 * points of a city. Parcels are our documents in one envelope (ENVELOPE). Requests and answers
 * follow CDEK's documented shapes; tests run it against server/test-support/cdek-stub.ts.
 */
import { type CdekConnection, cdekErrors, createCdekHttp } from './cdek-http';
import {
  CourierError,
  type CourierPoint,
  type CourierService,
  type DeliveryPriceOption,
  type ParcelState,
} from './courier';

export interface CdekSettings extends CdekConnection {
  /** The CDEK point where the bureau hands parcels in; unset, CDEK collects from the sender's address. */
  shipmentPoint?: string;
}

/** Translations in an A4 envelope: what CDEK prices and carries. */
export const ENVELOPE = { weight: 500, length: 35, width: 25, height: 3 } as const;

/** CDEK's delivery modes: where a tariff starts and ends (door — an address, point — a CDEK point). */
const MODES: Record<number, { from: 'door' | 'point'; to: 'door' | 'point' }> = {
  1: { from: 'door', to: 'door' },
  2: { from: 'door', to: 'point' },
  3: { from: 'point', to: 'door' },
  4: { from: 'point', to: 'point' },
  6: { from: 'door', to: 'point' },
  7: { from: 'point', to: 'point' },
};

interface CdekTariff {
  tariff_code: number;
  tariff_name: string;
  delivery_mode: number;
  delivery_sum: number;
  period_min: number;
  period_max: number;
}

interface CdekEntity {
  uuid?: string;
  cdek_number?: string | null;
  statuses?: { code?: string; name?: string; date_time?: string }[];
}

/** '2026-11-24T12:30:00+0300' → a Date (the offset without a colon is not ISO). */
function cdekDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}

function unexpected(what: string, status: number): CourierError {
  return new CourierError(`СДЭК ответил не так, как ожидалось (${what}, ответ ${status})`, status);
}

function parcelOf(body: unknown): ParcelState | null {
  const entity = (body as { entity?: CdekEntity } | null)?.entity;
  if (!entity?.uuid) return null;
  const requests = (body as { requests?: { state?: string }[] }).requests ?? [];
  const invalid = requests.some((request) => request?.state === 'INVALID');
  const statuses = (entity.statuses ?? [])
    .map((status) => ({ code: status.code ?? '', name: status.name ?? '', at: cdekDate(status.date_time) }))
    .filter(
      (status): status is { code: string; name: string; at: Date } =>
        status.code !== '' && status.at !== null,
    )
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    externalId: entity.uuid,
    trackingNumber: entity.cdek_number ? String(entity.cdek_number) : null,
    status: statuses[0] ?? null,
    refused: invalid ? cdekErrors(body).join('; ') || 'СДЭК отклонил заказ' : null,
  };
}

export function createCdekCourier(settings: CdekSettings): CourierService {
  const http = createCdekHttp(settings);
  const fromKind = settings.shipmentPoint ? 'point' : 'door';

  return {
    service: 'cdek',
    title: 'СДЭК',

    async priceOptions({ from, to, toPoint }): Promise<DeliveryPriceOption[]> {
      const toKind = toPoint ? 'point' : 'door';
      const answer = await http.call('POST', '/calculator/tarifflist', {
        type: 2,
        currency: 1,
        lang: 'rus',
        from_location: { address: from },
        to_location: { address: to },
        packages: [ENVELOPE],
      });
      const tariffs = (answer.body as { tariff_codes?: CdekTariff[] } | null)?.tariff_codes;
      if (answer.status >= 300 || !Array.isArray(tariffs)) {
        const details = cdekErrors(answer.body);
        if (answer.status === 400 && details.length > 0)
          throw new CourierError(`СДЭК не рассчитал доставку: ${details.join('; ')}`, 400);
        throw unexpected('расчёт тарифов', answer.status);
      }
      return tariffs
        .filter((t) => MODES[t.delivery_mode]?.from === fromKind && MODES[t.delivery_mode]?.to === toKind)
        .map((t) => ({
          tariffCode: String(t.tariff_code),
          name: t.tariff_name,
          price: t.delivery_sum,
          minDays: t.period_min,
          maxDays: t.period_max,
        }))
        .sort((a, b) => a.price - b.price);
    },

    async createParcel(parcel) {
      const answer = await http.call('POST', '/orders', {
        type: 2,
        number: parcel.number,
        tariff_code: parcel.tariffCode,
        comment: parcel.comment,
        ...('pointCode' in parcel.from
          ? { shipment_point: parcel.from.pointCode }
          : { from_location: { address: parcel.from.address } }),
        ...('pointCode' in parcel.to
          ? { delivery_point: parcel.to.pointCode }
          : { to_location: { address: parcel.to.address } }),
        recipient: {
          name: parcel.recipient.name,
          email: parcel.recipient.email,
          phones: [{ number: parcel.recipient.phone }],
        },
        sender: {
          company: 'Бюро переводов',
          name: parcel.sender.name,
          ...(parcel.sender.phone ? { phones: [{ number: parcel.sender.phone }] } : {}),
        },
        packages: [{ number: '1', comment: 'Документы', ...ENVELOPE }],
      });
      const uuid = (answer.body as { entity?: CdekEntity } | null)?.entity?.uuid;
      if (answer.status < 300 && uuid) return { externalId: uuid };
      const details = cdekErrors(answer.body);
      if (details.length > 0)
        throw new CourierError(`СДЭК не принял заказ: ${details.join('; ')}`, answer.status);
      throw unexpected('создание заказа', answer.status);
    },

    async findParcel(number) {
      const answer = await http.call('GET', `/orders?im_number=${encodeURIComponent(number)}`);
      if (answer.status === 404 || answer.status === 400) return null;
      if (answer.status >= 300) throw unexpected('поиск заказа', answer.status);
      return parcelOf(answer.body);
    },

    async parcelState(externalId) {
      const answer = await http.call('GET', `/orders/${encodeURIComponent(externalId)}`);
      if (answer.status === 404) return null;
      if (answer.status >= 300) throw unexpected('статус заказа', answer.status);
      const state = parcelOf(answer.body);
      if (!state) throw unexpected('статус заказа', answer.status);
      return state;
    },

    async listPoints(cityCode): Promise<CourierPoint[]> {
      const answer = await http.call('GET', `/deliverypoints?city_code=${cityCode}&country_code=RU&type=ALL`);
      if (answer.status >= 300 || !Array.isArray(answer.body))
        throw unexpected('пункты выдачи', answer.status);
      return (answer.body as CdekPoint[]).flatMap((point) => {
        const lat = point.location?.latitude;
        const lon = point.location?.longitude;
        if (!point.code || typeof lat !== 'number' || typeof lon !== 'number') return [];
        return [
          {
            code: point.code,
            name: point.name ?? `СДЭК ${point.code}`,
            address: point.location?.address_full ?? point.location?.address ?? '',
            lat,
            lon,
            schedule: point.work_time ?? '',
            phone: point.phones?.[0]?.number ?? null,
            metro: point.nearest_metro_station ?? null,
            note: point.note ?? null,
          },
        ];
      });
    },
  };
}

interface CdekPoint {
  code?: string;
  name?: string;
  work_time?: string;
  note?: string;
  nearest_metro_station?: string;
  phones?: { number?: string }[];
  location?: { address?: string; address_full?: string; latitude?: number; longitude?: number };
}
