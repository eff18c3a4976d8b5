-- Hand-written (not generated from the schema): whatever writes an order — the order form, a
-- status move, a price edit, a deletion, or code not written yet — marks the order's Moscow day
-- in stats_dirty_days, so the statistics sum that day again before they show it
-- (server/services/statistics). Statement triggers with transition tables: one insert per
-- statement however many orders it touched.
CREATE FUNCTION "stats_mark_order_days"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "stats_dirty_days" ("day")
      SELECT DISTINCT ("created_at" AT TIME ZONE 'Europe/Moscow')::date FROM "changed_orders"
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "stats_dirty_days" ("day")
      SELECT DISTINCT ("created_at" AT TIME ZONE 'Europe/Moscow')::date FROM "previous_orders"
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_stats_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "changed_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_order_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS "previous_orders" NEW TABLE AS "changed_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_order_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "previous_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "stats_mark_order_days"();
--> statement-breakpoint
-- The orders already there: every day of theirs is summed at the first look at it.
INSERT INTO "stats_dirty_days" ("day")
  SELECT DISTINCT ("created_at" AT TIME ZONE 'Europe/Moscow')::date FROM "orders"
  ON CONFLICT DO NOTHING;
