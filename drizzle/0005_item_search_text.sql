DROP INDEX "items_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "items_created_search_idx";--> statement-breakpoint
CREATE INDEX "items_created_search_idx" ON "items" USING btree ("created_at", "id") INCLUDE ("search_text", "status", "category");
