CREATE TABLE "no_show_disputes" (
	"request_id" bigint PRIMARY KEY NOT NULL,
	"disputed_by" text NOT NULL,
	"statement" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "no_show_disputes_decision_check" CHECK ("no_show_disputes"."decision" is null or "no_show_disputes"."decision" in ('upheld', 'struck'))
);
--> statement-breakpoint
ALTER TABLE "no_show_disputes" ADD CONSTRAINT "no_show_disputes_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_disputes" ADD CONSTRAINT "no_show_disputes_disputed_by_users_id_fk" FOREIGN KEY ("disputed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_show_disputes_pending_idx" ON "no_show_disputes" USING btree ("created_at") WHERE decision is null;