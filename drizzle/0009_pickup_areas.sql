ALTER TABLE "items" ADD COLUMN "pickup_province_code" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_province_name" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_regency_code" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_regency_name" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_district_code" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "pickup_district_name" text;--> statement-breakpoint
UPDATE "items" SET
	"pickup_province_code" = left("users"."area_id", 2),
	"pickup_province_name" = split_part("users"."area_name", ', ', 3),
	"pickup_regency_code" = left("users"."area_id", 5),
	"pickup_regency_name" = split_part("users"."area_name", ', ', 2),
	"pickup_district_code" = "users"."area_id",
	"pickup_district_name" = split_part("users"."area_name", ', ', 1)
FROM "users"
WHERE "users"."id" = "items"."donor_id"
	AND "users"."area_id" ~ '^[0-9]{2}\.[0-9]{2}\.[0-9]{2}$'
	AND split_part("users"."area_name", ', ', 3) <> '';--> statement-breakpoint
ALTER TABLE "items" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "description" || ' ' || coalesce("pickup_regency_name", '') || ' ' || coalesce("pickup_district_name", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_created_search_idx" ON "items" USING btree ("created_at", "id") INCLUDE ("search_text", "status", "category");--> statement-breakpoint
CREATE INDEX "items_pickup_province_idx" ON "items" USING btree ("pickup_province_code","created_at","id");--> statement-breakpoint
CREATE INDEX "items_pickup_regency_idx" ON "items" USING btree ("pickup_regency_code","created_at","id");--> statement-breakpoint
CREATE INDEX "items_pickup_district_idx" ON "items" USING btree ("pickup_district_code","created_at","id");--> statement-breakpoint
DROP TRIGGER "items_collect_search_words" ON "items";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "items_collect_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT "word"
	FROM regexp_split_to_table(NEW."search_text", '[^[:alnum:]]+') AS "word"
	WHERE length("word") >= 3
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_collect_search_words" AFTER INSERT OR UPDATE OF "name", "description", "pickup_regency_name", "pickup_district_name" ON "items"
	FOR EACH ROW EXECUTE FUNCTION "items_collect_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "word"
FROM "items", regexp_split_to_table("items"."search_text", '[^[:alnum:]]+') AS "word"
WHERE length("word") >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"search" text,
	"category" text,
	"province_code" text,
	"regency_code" text,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");
