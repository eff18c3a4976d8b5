ALTER TYPE "public"."order_change_field" ADD VALUE 'DOCUMENTS';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'DELIVERY';--> statement-breakpoint
ALTER TYPE "public"."order_change_field" ADD VALUE 'URGENCY';