CREATE TABLE "drives" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "drives_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint,
	"created_by" text NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"address" text NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"regency_code" text NOT NULL,
	"regency_name" text NOT NULL,
	"district_code" text NOT NULL,
	"district_name" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hidden_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "need_offers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "need_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"need_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"donor_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"message" text,
	"state" text DEFAULT 'open' NOT NULL,
	"request_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "need_offers_state_check" CHECK ("need_offers"."state" in ('open', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "need_offers_quantity_check" CHECK ("need_offers"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "needs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "needs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"organisation_id" bigint,
	"drive_id" bigint,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"reach" text DEFAULT 'pickup' NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"regency_code" text NOT NULL,
	"regency_name" text NOT NULL,
	"district_code" text NOT NULL,
	"district_name" text NOT NULL,
	"urgency" text DEFAULT 'normal' NOT NULL,
	"photo_key" text,
	"photo_width" integer,
	"photo_height" integer,
	"state" text DEFAULT 'open' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"asks_for_money" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("title" || ' ' || "description" || ' ' || "regency_name" || ' ' || "district_name")) STORED NOT NULL,
	CONSTRAINT "needs_state_check" CHECK ("needs"."state" in ('open', 'fulfilled', 'closed')),
	CONSTRAINT "needs_reach_check" CHECK ("needs"."reach" in ('pickup', 'delivery')),
	CONSTRAINT "needs_urgency_check" CHECK ("needs"."urgency" in ('normal', 'urgent')),
	CONSTRAINT "needs_quantity_check" CHECK ("needs"."quantity" > 0),
	CONSTRAINT "needs_hidden_reason_check" CHECK ("needs"."hidden_reason" is null or "needs"."hidden_reason" in ('reports', 'moderator', 'suspension', 'deletion'))
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"province_code" text NOT NULL,
	"province_name" text NOT NULL,
	"regency_code" text NOT NULL,
	"regency_name" text NOT NULL,
	"district_code" text NOT NULL,
	"district_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"document_key" text,
	"document_deleted_at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_state_check" CHECK ("organisations"."state" in ('pending', 'verified', 'refused')),
	CONSTRAINT "organisations_kind_check" CHECK ("organisations"."kind" in ('orphanage', 'school', 'worship', 'wasteBank', 'disasterPost', 'community', 'other'))
);
--> statement-breakpoint
ALTER TABLE "item_requests" ADD COLUMN "need_id" bigint;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "need_id" bigint;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "targets" text DEFAULT 'items' NOT NULL;--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drives" ADD CONSTRAINT "drives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_offers" ADD CONSTRAINT "need_offers_need_id_needs_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."needs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_offers" ADD CONSTRAINT "need_offers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_offers" ADD CONSTRAINT "need_offers_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "need_offers" ADD CONSTRAINT "need_offers_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needs" ADD CONSTRAINT "needs_drive_id_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."drives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drives_ends_idx" ON "drives" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "drives_organisation_idx" ON "drives" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "need_offers_active_idx" ON "need_offers" USING btree ("need_id","item_id") WHERE state in ('open', 'accepted');--> statement-breakpoint
CREATE INDEX "need_offers_need_idx" ON "need_offers" USING btree ("need_id","created_at");--> statement-breakpoint
CREATE INDEX "need_offers_donor_idx" ON "need_offers" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "needs_owner_idx" ON "needs" USING btree ("owner_id","state");--> statement-breakpoint
CREATE INDEX "needs_open_created_idx" ON "needs" USING btree ("created_at","id") WHERE state = 'open' and hidden_at is null;--> statement-breakpoint
CREATE INDEX "needs_regency_idx" ON "needs" USING btree ("regency_code","created_at","id");--> statement-breakpoint
CREATE INDEX "needs_district_idx" ON "needs" USING btree ("district_code","created_at","id");--> statement-breakpoint
CREATE INDEX "needs_closes_idx" ON "needs" USING btree ("closes_at") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "needs_drive_idx" ON "needs" USING btree ("drive_id");--> statement-breakpoint
CREATE INDEX "needs_search_trgm_idx" ON "needs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_owner_idx" ON "organisations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "organisations_pending_idx" ON "organisations" USING btree ("created_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "organisations_document_idx" ON "organisations" USING btree ("decided_at") WHERE document_key is not null and decided_at is not null;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_need_id_needs_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."needs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_need_id_needs_id_fk" FOREIGN KEY ("need_id") REFERENCES "public"."needs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_requests_need_idx" ON "item_requests" USING btree ("need_id","state") WHERE need_id is not null;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_targets_check" CHECK ("saved_searches"."targets" in ('items', 'needs', 'all'));