CREATE TABLE "thank_yous" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thank_yous_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"donor_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"message" text NOT NULL,
	"photo_key" text,
	"photo_width" integer,
	"photo_height" integer,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "thank_yous" ADD CONSTRAINT "thank_yous_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thank_yous" ADD CONSTRAINT "thank_yous_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thank_yous" ADD CONSTRAINT "thank_yous_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thank_yous" ADD CONSTRAINT "thank_yous_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thank_yous_request_idx" ON "thank_yous" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "thank_yous_donor_idx" ON "thank_yous" USING btree ("donor_id","created_at");--> statement-breakpoint
CREATE INDEX "thank_yous_item_idx" ON "thank_yous" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "thank_yous_receiver_idx" ON "thank_yous" USING btree ("receiver_id");