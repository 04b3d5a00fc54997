-- A person may ask to be left out of the heroes rankings (their givings still count in the site's
-- totals). Leaving or rejoining changes the public pages, so it raises their version as a change of
-- name or role does.
ALTER TABLE "users" ADD COLUMN "left_rankings_at" timestamp with time zone;--> statement-breakpoint
DROP TRIGGER "users_bump_page_versions" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_bump_page_versions" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (
		(OLD."name", OLD."phone", OLD."avatar_key", OLD."area_id", OLD."area_name", OLD."bio",
			OLD."role", OLD."suspended_at", OLD."suspended_until", OLD."deletion_requested_at",
			OLD."left_rankings_at")
		IS DISTINCT FROM
		(NEW."name", NEW."phone", NEW."avatar_key", NEW."area_id", NEW."area_name", NEW."bio",
			NEW."role", NEW."suspended_at", NEW."suspended_until", NEW."deletion_requested_at",
			NEW."left_rankings_at")
	) EXECUTE FUNCTION "users_bump_page_versions"();
