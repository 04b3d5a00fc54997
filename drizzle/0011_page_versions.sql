CREATE TABLE "public_page_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_page_state_single_row" CHECK ("public_page_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
INSERT INTO "public_page_state" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_public_page_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "public_page_state" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_bump_public_page_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "items"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_page_version"();--> statement-breakpoint
CREATE FUNCTION "items_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."version" := OLD."version" + 1;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "items_next_version" BEFORE UPDATE ON "items"
	FOR EACH ROW EXECUTE FUNCTION "items_next_version"();--> statement-breakpoint
CREATE FUNCTION "item_images_bump_item_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "items" SET "version" = "version" + 1
	WHERE "id" IN (SELECT "item_id" FROM "changed_images");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "item_images_inserted_bump_item_version" AFTER INSERT ON "item_images"
	REFERENCING NEW TABLE AS "changed_images"
	FOR EACH STATEMENT EXECUTE FUNCTION "item_images_bump_item_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_updated_bump_item_version" AFTER UPDATE ON "item_images"
	REFERENCING NEW TABLE AS "changed_images"
	FOR EACH STATEMENT EXECUTE FUNCTION "item_images_bump_item_version"();--> statement-breakpoint
CREATE TRIGGER "item_images_deleted_bump_item_version" AFTER DELETE ON "item_images"
	REFERENCING OLD TABLE AS "changed_images"
	FOR EACH STATEMENT EXECUTE FUNCTION "item_images_bump_item_version"();--> statement-breakpoint
CREATE FUNCTION "users_bump_page_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "items" SET "version" = "version" + 1 WHERE "donor_id" = NEW."id";
	UPDATE "public_page_state" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_bump_page_versions" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (
		(OLD."name", OLD."phone", OLD."avatar_key", OLD."area_id", OLD."area_name", OLD."bio",
			OLD."role", OLD."suspended_at", OLD."suspended_until", OLD."deletion_requested_at")
		IS DISTINCT FROM
		(NEW."name", NEW."phone", NEW."avatar_key", NEW."area_id", NEW."area_name", NEW."bio",
			NEW."role", NEW."suspended_at", NEW."suspended_until", NEW."deletion_requested_at")
	) EXECUTE FUNCTION "users_bump_page_versions"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_bump_public_page_version" AFTER DELETE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_page_version"();--> statement-breakpoint
CREATE TRIGGER "item_requests_bump_public_page_version" AFTER UPDATE ON "item_requests"
	FOR EACH ROW WHEN (
		(OLD."state", OLD."counts_for_impact", OLD."given_quantity")
		IS DISTINCT FROM (NEW."state", NEW."counts_for_impact", NEW."given_quantity")
	) EXECUTE FUNCTION "bump_public_page_version"();--> statement-breakpoint
CREATE TRIGGER "item_requests_deleted_bump_public_page_version" AFTER DELETE ON "item_requests"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_page_version"();
