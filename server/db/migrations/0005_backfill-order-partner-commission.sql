-- Hand-written (not generated from the schema): orders placed before orders.partner_commission
-- existed are given their partner's rate as it is now, the only rate known for them — the rate
-- at their time was never stored. Orders from now on keep the rate of the moment they are placed.
UPDATE "orders" AS o
SET "partner_commission" = p."commission"
FROM "partners" AS p
WHERE p."id" = o."partner_id";
