CREATE TABLE "item_list_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "item_list_state_single_row" CHECK ("item_list_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "items_created_idx";--> statement-breakpoint
DROP INDEX "items_name_trgm_idx";--> statement-breakpoint
DROP INDEX "items_description_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (("name" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_created_search_idx" ON "items" USING btree ("created_at", "id") INCLUDE ("name", "description");--> statement-breakpoint
CREATE FUNCTION "items_collect_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT DISTINCT "word"
	FROM regexp_split_to_table(lower(NEW."name" || ' ' || NEW."description"), '[^[:alnum:]]+') AS "word"
	WHERE length("word") >= 3
	ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_collect_search_words" AFTER INSERT OR UPDATE OF "name", "description" ON "items"
	FOR EACH ROW EXECUTE FUNCTION "items_collect_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT "word"
FROM "items", regexp_split_to_table(lower("items"."name" || ' ' || "items"."description"), '[^[:alnum:]]+') AS "word"
WHERE length("word") >= 3
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "item_list_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "items_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "item_list_state" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_bump_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "items"
	FOR EACH STATEMENT EXECUTE FUNCTION "items_bump_list_version"();
