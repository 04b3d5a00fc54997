-- An item's condition: new, like new, used or needs repair. Asked of every new listing; items listed
-- before stay without one, and show none.
ALTER TABLE "items" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_condition_check" CHECK ("items"."condition" is null or "items"."condition" in ('new', 'likeNew', 'used', 'needsRepair'));