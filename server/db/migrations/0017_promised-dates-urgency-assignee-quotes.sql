ALTER TYPE "public"."catalogue_entity" ADD VALUE 'WORK_CALENDAR';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'DUE_DATE';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'ASSIGNEE';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'LINE_PRICE';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'LINE_COST';--> statement-breakpoint
ALTER TABLE "assurances" ADD COLUMN "notary_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_types" ADD COLUMN "lead_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "by_estimate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "urgent_percent" numeric(5, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "urgent_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "orders_due_desc_idx" ON "orders" USING btree ("due_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_open_due_idx" ON "orders" USING btree ("due_date") WHERE "orders"."status" in ('NEW', 'AWAITING_PAYMENT', 'PAID', 'IN_TRANSLATION', 'NOTARIZATION');--> statement-breakpoint
CREATE INDEX "orders_assignee_created_idx" ON "orders" USING btree ("assignee_id","created_at");--> statement-breakpoint
-- Hand-written: the statistics gained a split by assignee (stats_days kind 'assignee'), so every
-- day that has orders is summed again on its next read (decision 0027).
INSERT INTO "stats_dirty_days" ("day")
  SELECT DISTINCT ("created_at" AT TIME ZONE 'Europe/Moscow')::date FROM "orders"
  ON CONFLICT DO NOTHING;
