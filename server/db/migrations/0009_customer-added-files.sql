ALTER TYPE "public"."order_change_field" ADD VALUE 'FILES_ADDED';--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "added_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "added_by_email" text;