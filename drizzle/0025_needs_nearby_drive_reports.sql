ALTER TABLE "drives" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "drive_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_drive_id_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "needs_province_idx" ON "needs" USING btree ("province_code","created_at","id");--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_hidden_reason_check" CHECK ("drives"."hidden_reason" is null or "drives"."hidden_reason" in ('reports', 'moderator'));--> statement-breakpoint
UPDATE "drives" SET "hidden_reason" = 'moderator' WHERE "hidden_at" IS NOT NULL;
