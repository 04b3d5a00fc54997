CREATE TABLE "item_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"donor_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"method" text DEFAULT 'pickup' NOT NULL,
	"given_quantity" integer,
	"counts_for_impact" boolean DEFAULT false NOT NULL,
	"decline_reason" text,
	"disputes" integer DEFAULT 0 NOT NULL,
	"reserved_until" timestamp with time zone,
	"expiry_warned_at" timestamp with time zone,
	"seen_by_donor_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reserved_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "item_requests_state_check" CHECK ("item_requests"."state" in ('open', 'reserved', 'handedOver', 'confirmed', 'declined', 'withdrawn', 'expired')),
	CONSTRAINT "item_requests_quantity_check" CHECK ("item_requests"."quantity" > 0),
	CONSTRAINT "item_requests_given_check" CHECK ("item_requests"."given_quantity" is null or "item_requests"."given_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_id" bigint,
	"item_id" bigint,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "items_donated_at_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reserved_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_active_idx" ON "item_requests" USING btree ("item_id","receiver_id") WHERE state in ('open', 'reserved', 'handedOver');--> statement-breakpoint
CREATE INDEX "item_requests_item_idx" ON "item_requests" USING btree ("item_id","state");--> statement-breakpoint
CREATE INDEX "item_requests_receiver_idx" ON "item_requests" USING btree ("receiver_id","state");--> statement-breakpoint
CREATE INDEX "item_requests_pair_idx" ON "item_requests" USING btree ("donor_id","receiver_id","confirmed_at");--> statement-breakpoint
CREATE INDEX "item_requests_impact_idx" ON "item_requests" USING btree ("handed_over_at","donor_id") WHERE state = 'confirmed' and counts_for_impact;--> statement-breakpoint
CREATE INDEX "item_requests_reserved_until_idx" ON "item_requests" USING btree ("reserved_until") WHERE state = 'reserved';--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_reserved_quantity_check" CHECK ("items"."reserved_quantity" >= 0 and "items"."reserved_quantity" <= "items"."quantity");