ALTER TABLE "items" ADD COLUMN "choose_after_hours" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "choose_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "choose_told_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "items_choose_at_idx" ON "items" USING btree ("choose_at") WHERE choose_at is not null and choose_told_at is null;