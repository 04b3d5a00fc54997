ALTER TABLE "items" ADD COLUMN "fresh_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "stale_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "bumped_at" timestamp with time zone;--> statement-breakpoint
UPDATE "items" SET "fresh_since" = "created_at";--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_hidden_reason_check";--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_hidden_reason_check" CHECK ("items"."hidden_reason" is null or "items"."hidden_reason" in ('reports', 'moderator', 'suspension', 'deletion', 'stale'));--> statement-breakpoint
CREATE INDEX "items_fresh_since_idx" ON "items" USING btree ("fresh_since") WHERE status = 'AVAILABLE';
