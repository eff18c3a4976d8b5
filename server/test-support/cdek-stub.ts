/**
 * A local stand-in for CDEK API v2, answering like the real one for the calls the adapter makes:
 * POST /v2/oauth/token (client credentials, form-encoded), POST /v2/calculator/tarifflist,
 * POST /v2/orders (202 with the entity's uuid), GET /v2/orders?im_number=…, GET /v2/orders/{uuid}
 * and GET /v2/deliverypoints. A test moves a parcel along (`advance`), and makes the next calls
 * fail with a 5xx or hang past the client's timeout, as the real service sometimes does.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubParcel {
  uuid: string;
  number: string;
  cdek_number: string | null;
  tariff_code: number;
  delivery_point?: string;
  to_location?: { address?: string };
  recipient?: { name?: string; phones?: { number?: string }[] };
  statuses: { code: string; name: string; date_time: string; city: string }[];
  requests: { request_uuid: string; type: string; state: string; date_time: string; errors?: unknown[] }[];
}

export interface StubPoint {
  code: string;
  name: string;
  location: { address: string; address_full: string; latitude: number; longitude: number; city_code: number };
  work_time: string;
  phones: { number: string }[];
  nearest_metro_station?: string;
  type: 'PVZ' | 'POSTAMAT';
}

export interface CdekStub {
  /** The API's base, as CDEK_API_URL takes it (…/v2). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  requests: { method: string; path: string; body: unknown }[];
  parcels: Map<string, StubParcel>;
  points: StubPoint[];
  tokensIssued: number;
  /** The next `count` calls answer `status` (500 by default), with CDEK's error or `message`. */
  failNext(count: number, status?: number, message?: string): void;
  /** The next `count` calls never answer. */
  hangNext(count: number): void;
  /** The service reports a new status of the parcel (and gives its tracking number). */
  advance(uuid: string, code: string, name: string): void;
  /** Revokes the token issued, as CDEK does when it expires early. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const TARIFFS = [
  {
    tariff_code: 136,
    tariff_name: 'Посылка склад-склад',
    delivery_mode: 4,
    delivery_sum: 320,
    period_min: 1,
    period_max: 2,
  },
  {
    tariff_code: 137,
    tariff_name: 'Посылка склад-дверь',
    delivery_mode: 3,
    delivery_sum: 480,
    period_min: 1,
    period_max: 2,
  },
  {
    tariff_code: 138,
    tariff_name: 'Посылка дверь-склад',
    delivery_mode: 2,
    delivery_sum: 450,
    period_min: 1,
    period_max: 3,
  },
  {
    tariff_code: 139,
    tariff_name: 'Посылка дверь-дверь',
    delivery_mode: 1,
    delivery_sum: 610,
    period_min: 1,
    period_max: 3,
  },
  {
    tariff_code: 483,
    tariff_name: 'Экспресс склад-склад',
    delivery_mode: 4,
    delivery_sum: 290,
    period_min: 2,
    period_max: 4,
  },
];

export const STUB_POINTS: StubPoint[] = [
  {
    code: 'MSK101',
    name: 'На Тверской',
    location: {
      address: 'ул. Тверская, 18',
      address_full: 'Россия, Москва, ул. Тверская, 18',
      latitude: 55.7649,
      longitude: 37.6054,
      city_code: 44,
    },
    work_time: 'Пн-Пт 10:00-20:00, Сб 10:00-16:00',
    phones: [{ number: '+74951234567' }],
    nearest_metro_station: 'Пушкинская',
    type: 'PVZ',
  },
  {
    code: 'MSK202',
    name: 'На Профсоюзной',
    location: {
      address: 'ул. Профсоюзная, 56',
      address_full: 'Россия, Москва, ул. Профсоюзная, 56',
      latitude: 55.6704,
      longitude: 37.5523,
      city_code: 44,
    },
    work_time: 'Ежедневно 09:00-21:00',
    phones: [{ number: '+74957654321' }],
    type: 'PVZ',
  },
];

const cdekNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  return JSON.parse(text) as unknown;
}

export async function startCdekStub(
  clientId = 'stub-client',
  clientSecret = 'stub-secret',
): Promise<CdekStub> {
  const parcels = new Map<string, StubParcel>();
  const requests: CdekStub['requests'] = [];
  const tokens = new Set<string>();
  let failures: { count: number; status: number; message: string } = {
    count: 0,
    status: 500,
    message: 'Internal server error',
  };
  let hangs = 0;
  let tokensIssued = 0;
  const hanging: ServerResponse[] = [];

  const reply = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const errors = (response: ServerResponse, status: number, code: string, message: string) =>
    reply(response, status, {
      requests: [
        { request_uuid: randomUUID(), type: 'CREATE', state: 'INVALID', errors: [{ code, message }] },
      ],
    });
  const entityAnswer = (parcel: StubParcel) => ({
    entity: {
      uuid: parcel.uuid,
      number: parcel.number,
      cdek_number: parcel.cdek_number,
      tariff_code: parcel.tariff_code,
      statuses: [...parcel.statuses].reverse(),
    },
    requests: parcel.requests,
  });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const path = url.pathname;
    const body = await readBody(request).catch(() => null);
    requests.push({ method: request.method ?? '', path: `${path}${url.search}`, body });
    if (hangs > 0) {
      hangs--;
      hanging.push(response);
      return;
    }
    if (failures.count > 0) {
      failures.count--;
      return reply(response, failures.status, {
        errors: [{ code: 'v2_internal_error', message: failures.message }],
      });
    }
    if (request.method === 'POST' && path === '/v2/oauth/token') {
      const form = {
        ...(body as Record<string, string> | undefined),
        ...Object.fromEntries(url.searchParams),
      };
      if (
        form.grant_type !== 'client_credentials' ||
        form.client_id !== clientId ||
        form.client_secret !== clientSecret
      )
        return reply(response, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
      const token = `stub-token-${randomUUID()}`;
      tokens.add(token);
      tokensIssued++;
      return reply(response, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3599,
        scope: 'order:all payment:all',
        jti: randomUUID(),
      });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer))
      return reply(response, 401, { errors: [{ code: 'v2_token_expired', message: 'Token is expired' }] });

    if (request.method === 'POST' && path === '/v2/calculator/tarifflist') {
      const input = body as { to_location?: { address?: string } } | undefined;
      if (!input?.to_location?.address)
        return errors(response, 400, 'v2_field_is_empty', 'Field to_location is empty');
      return reply(response, 200, { tariff_codes: TARIFFS });
    }
    if (request.method === 'POST' && path === '/v2/orders') {
      const input = body as (Partial<StubParcel> & { number?: string }) | undefined;
      if (!input?.tariff_code)
        return errors(response, 400, 'v2_field_is_empty', 'Field tariff_code is empty');
      if ([...parcels.values()].some((p) => p.number === input.number))
        return errors(response, 400, 'v2_entity_already_exists', 'Order number already exists');
      const parcel: StubParcel = {
        uuid: randomUUID(),
        number: String(input.number),
        cdek_number: null,
        tariff_code: input.tariff_code,
        delivery_point: input.delivery_point,
        to_location: input.to_location,
        recipient: input.recipient,
        statuses: [{ code: 'ACCEPTED', name: 'Принят', date_time: cdekNow(), city: 'Москва' }],
        requests: [{ request_uuid: randomUUID(), type: 'CREATE', state: 'ACCEPTED', date_time: cdekNow() }],
      };
      parcels.set(parcel.uuid, parcel);
      return reply(response, 202, { entity: { uuid: parcel.uuid }, requests: parcel.requests });
    }
    if (request.method === 'GET' && path === '/v2/orders') {
      const number = url.searchParams.get('im_number');
      const parcel = [...parcels.values()].find((p) => p.number === number);
      if (!parcel) return errors(response, 404, 'v2_entity_not_found', 'Entity is not found');
      return reply(response, 200, entityAnswer(parcel));
    }
    const byUuid = /^\/v2\/orders\/([0-9a-f-]{36})$/.exec(path);
    if (request.method === 'GET' && byUuid) {
      const parcel = parcels.get(byUuid[1] as string);
      if (!parcel) return errors(response, 404, 'v2_entity_not_found', 'Entity is not found');
      return reply(response, 200, entityAnswer(parcel));
    }
    if (request.method === 'GET' && path === '/v2/deliverypoints') {
      const city = Number(url.searchParams.get('city_code'));
      return reply(
        response,
        200,
        stub.points.filter((p) => !city || p.location.city_code === city),
      );
    }
    return errors(response, 404, 'v2_not_found', `No such method: ${request.method} ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stub: CdekStub = {
    apiUrl: `http://127.0.0.1:${port}/v2`,
    clientId,
    clientSecret,
    requests,
    parcels,
    points: [...STUB_POINTS],
    get tokensIssued() {
      return tokensIssued;
    },
    failNext(count, status = 500, message = 'Internal server error') {
      failures = { count, status, message };
    },
    hangNext(count) {
      hangs = count;
    },
    advance(uuid, code, name) {
      const parcel = parcels.get(uuid);
      if (!parcel) throw new Error(`no parcel ${uuid}`);
      parcel.cdek_number ??= String(10_000_000_000 + parcels.size);
      // A second later than the last one: the adapter takes the newest by time.
      const last = parcel.statuses.at(-1)?.date_time;
      const at = new Date(Math.max(Date.now(), last ? Date.parse(last.replace('+0000', 'Z')) + 1000 : 0));
      parcel.statuses.push({
        code,
        name,
        date_time: at.toISOString().replace(/\.\d{3}Z$/, '+0000'),
        city: 'Москва',
      });
    },
    revokeTokens() {
      tokens.clear();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}
