CREATE INDEX "users_gone_idx" ON "users" USING btree ("id") WHERE deletion_requested_at is not null or suspended_at is not null;--> statement-breakpoint
-- An organisation's name and verification are on its needs' cards and order them nearest first.
CREATE TRIGGER "organisations_bump_need_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organisations"
	FOR EACH STATEMENT EXECUTE FUNCTION "needs_bump_list_version"();
