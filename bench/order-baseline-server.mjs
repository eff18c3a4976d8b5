// The physical yardstick for order creation on PostgreSQL: a bare node:http server with the pg
// driver that parses the same JSON and writes the same rows in one transaction as
// POST /api/order does (idempotency key, catalogue and promo lookups, the customer's account,
// the order with its lines, assurances, history, event and notification, and the two queued
// jobs) — without routing, validation, authentication or logging. What the real server costs
// above this is the price of the framework and the product's checks.
// Usage: node bench/order-baseline-server.mjs <DATABASE_URL>; prints its port when listening.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.argv[2], max: 10 });

const ORDER = `with reserved as (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id),
  placed as (insert into orders (id, number, status, user_id, name, phone_number, email,
      original_language, target_language, comment, delivery_type, delivery_id, delivery_price,
      pickup_point_id, pickup_point_name, partner_id, promo_code_id, promo_code, discount_percent,
      subtotal, discount_amount, amount, cost, payer_type)
    select id, to_char(now(), 'YYMM') || '-' || lpad(id::text, 5, '0'), 'NEW', $1, $2, $3, $4,
      $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21 from reserved
    returning id, number),
  lines as (insert into order_documents (order_id, document_id, type, quantity, price, cost, sort_order)
    select placed.id, l.document_id, l.type, l.quantity, l.price, l.cost, l.sort_order
    from placed, json_to_recordset($22::json)
      as l(document_id int, type text, quantity int, price numeric, cost numeric, sort_order int)
    returning id, sort_order),
  assured as (insert into order_document_assurances (order_document_id, assurance_id, type, price, cost)
    select lines.id, a.assurance_id, a.type, a.price, a.cost
    from json_to_recordset($23::json)
      as a(sort_order int, assurance_id int, type text, price numeric, cost numeric)
    join lines on lines.sort_order = a.sort_order),
  history as (insert into order_status_history (order_id, from_status, status, comment)
    select id, null, 'NEW', 'Заказ оформлен' from placed),
  event as (insert into order_events (order_id, event_type, success, payload)
    select id, 'order-created', true, $24::jsonb from placed),
  keyed as (update idempotency_keys set order_id = (select id from placed) where key = $25),
  notified as (insert into notifications (user_id, type, title, body, url, order_id)
    select $1, 'ORDER_STATUS', 'Заказ ' || number, 'Заказ получен', '/cabinet/orders/' || id, id
    from placed returning id)
  select placed.id, placed.number, (select id from notified) as notification_id from placed`;

async function createOrder(body, key) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const claimed = await client.query(
      'insert into idempotency_keys (key, request_hash) values ($1, $2) on conflict do nothing returning key',
      [key, hash],
    );
    if (claimed.rowCount === 0) throw new Error('key reused');
    const documentIds = body.orderDocuments.map((line) => line.documentId);
    const assuranceIds = body.orderDocuments.flatMap((line) => line.assuranceIds ?? []);
    const [documents, assurances, delivery, point, promo] = [
      await client.query(
        'select id, type, price, cost from document_types where id = any($1) and is_active',
        [documentIds],
      ),
      await client.query('select id, type, price, cost from assurances where id = any($1) and is_active', [
        assuranceIds,
      ]),
      await client.query('select id, price from deliveries where id = $1 and is_active', [body.deliveryId]),
      await client.query('select id, name, partner_id from pickup_points where id = $1 and is_active', [
        body.pickupPointId,
      ]),
      await client.query(
        'update promo_codes set uses_count = uses_count + 1 where lower(code) = lower($1) and is_active returning id, code, discount',
        [body.promoCode],
      ),
    ];
    let user = await client.query('select id from users where lower(email) = lower($1)', [body.email]);
    if (user.rowCount === 0) {
      user = await client.query('insert into users (email) values ($1) returning id', [body.email]);
    }
    const byId = (rows) => new Map(rows.map((row) => [row.id, row]));
    const documentRows = byId(documents.rows);
    const assuranceRows = byId(assurances.rows);
    const lines = body.orderDocuments.map((line, sortOrder) => {
      const document = documentRows.get(line.documentId);
      return {
        document_id: line.documentId,
        type: document.type,
        quantity: line.quantity,
        price: Number(document.price),
        cost: Number(document.cost),
        sort_order: sortOrder,
      };
    });
    const lineAssurances = body.orderDocuments.flatMap((line, sortOrder) =>
      (line.assuranceIds ?? []).map((id) => {
        const assurance = assuranceRows.get(id);
        return {
          sort_order: sortOrder,
          assurance_id: id,
          type: assurance.type,
          price: Number(assurance.price),
          cost: Number(assurance.cost),
        };
      }),
    );
    const subtotal =
      lines.reduce((sum, line) => sum + line.price * line.quantity, 0) +
      lineAssurances.reduce((sum, line) => sum + line.price, 0);
    const discountPercent = Number(promo.rows[0]?.discount ?? 0);
    const discount = Math.round((subtotal * discountPercent) / 100);
    const deliveryPrice = Number(delivery.rows[0]?.price ?? 0);
    const amount = subtotal - discount + deliveryPrice;
    const cost = lines.reduce((sum, line) => sum + line.cost * line.quantity, 0);
    const pickup = point.rows[0];
    const written = await client.query(ORDER, [
      user.rows[0].id,
      body.name,
      body.phoneNumber,
      body.email,
      body.originalLanguage,
      body.targetLanguage,
      body.comment ?? null,
      body.deliveryType,
      body.deliveryId,
      deliveryPrice,
      pickup?.id ?? null,
      pickup?.name ?? null,
      pickup?.partner_id ?? null,
      promo.rows[0]?.id ?? null,
      promo.rows[0]?.code ?? null,
      discountPercent,
      subtotal,
      discount,
      amount,
      cost,
      body.payerType ?? 'INDIVIDUAL',
      JSON.stringify(lines),
      JSON.stringify(lineAssurances),
      JSON.stringify({ amount, cost }),
      key,
    ]);
    const order = written.rows[0];
    await client.query(
      `insert into pgboss.job (name, data) values ('order-processing', $1), ('notification-tasks', $2)`,
      [
        { name: 'order-received', orderId: order.id },
        { name: 'send-push', notificationId: order.notification_id },
      ],
    );
    await client.query('commit');
    return { id: order.id, number: order.number, amount, lines };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const key = request.headers['idempotency-key'];
    createOrder(JSON.parse(Buffer.concat(chunks).toString('utf8')), String(key)).then(
      (order) => {
        response.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(order));
      },
      (error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(String(error));
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
