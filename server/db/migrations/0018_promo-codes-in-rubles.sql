CREATE TYPE "public"."promo_kind" AS ENUM('PERCENT', 'AMOUNT');--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "kind" "promo_kind" DEFAULT 'PERCENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "min_order_sum" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_amount" numeric(12, 2) DEFAULT 0 NOT NULL;