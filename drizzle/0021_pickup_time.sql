ALTER TABLE "item_requests" ADD COLUMN "pickup_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "pickup_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "pickup_place" text;