CREATE TABLE "early_supporters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "early_supporters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporters" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supporters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"message" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporters_amount_check" CHECK ("supporters"."amount" > 0),
	CONSTRAINT "supporters_quantity_check" CHECK ("supporters"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "early_supporters_created_idx" ON "early_supporters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "supporters_amount_idx" ON "supporters" USING btree ("amount" DESC NULLS LAST,"created_at");--> statement-breakpoint
CREATE INDEX "items_donated_at_idx" ON "items" USING btree ("donated_at","donor_id") WHERE status = 'DONATED';