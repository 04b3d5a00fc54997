-- A place filter and each group of "near me" walk their place's index by date and check the
-- status, category and visibility of each entry (and, for a city or a province, that it is not
-- the nearer district or city); with those columns included, the walk reads no table rows. The
-- rest of "near me" (other provinces) walks the list index, which now carries the province.
DROP INDEX "items_pickup_district_idx";--> statement-breakpoint
CREATE INDEX "items_pickup_district_idx" ON "items" USING btree ("pickup_district_code", "created_at", "id") INCLUDE ("status", "category", "hidden_at");--> statement-breakpoint
DROP INDEX "items_pickup_regency_idx";--> statement-breakpoint
CREATE INDEX "items_pickup_regency_idx" ON "items" USING btree ("pickup_regency_code", "created_at", "id") INCLUDE ("pickup_district_code", "status", "category", "hidden_at");--> statement-breakpoint
DROP INDEX "items_pickup_province_idx";--> statement-breakpoint
CREATE INDEX "items_pickup_province_idx" ON "items" USING btree ("pickup_province_code", "created_at", "id") INCLUDE ("pickup_regency_code", "status", "category", "hidden_at");--> statement-breakpoint
DROP INDEX "items_created_search_idx";--> statement-breakpoint
CREATE INDEX "items_created_search_idx" ON "items" USING btree ("created_at", "id") INCLUDE ("search_text", "status", "category", "pickup_province_code") WHERE "hidden_at" IS NULL;
