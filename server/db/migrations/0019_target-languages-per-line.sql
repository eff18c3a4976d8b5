ALTER TABLE "order_documents" ADD COLUMN "target_languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Lines placed before lines had languages: the order's one, so they read and price as before.
UPDATE "order_documents" SET "target_languages" = ARRAY["orders"."target_language"] FROM "orders" WHERE "orders"."id" = "order_documents"."order_id";
