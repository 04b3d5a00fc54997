CREATE TABLE "need_list_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "need_list_state_single_row" CHECK ("need_list_state"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "need_list_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "needs_bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "need_list_state" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "needs_bump_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "needs"
	FOR EACH STATEMENT EXECUTE FUNCTION "needs_bump_list_version"();
