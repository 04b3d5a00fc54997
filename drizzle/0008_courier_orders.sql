CREATE TABLE "courier_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"donor_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"state" text DEFAULT 'awaitingPayment' NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_phone" text NOT NULL,
	"destination_area_id" text NOT NULL,
	"destination_area_name" text NOT NULL,
	"postal_code" text NOT NULL,
	"address" text NOT NULL,
	"courier_code" text NOT NULL,
	"courier_service" text NOT NULL,
	"courier_name" text NOT NULL,
	"duration" text NOT NULL,
	"shipping_cost" integer NOT NULL,
	"service_fee" integer NOT NULL,
	"insurance_cost" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"payment_token" text,
	"payment_url" text,
	"payment_status" text,
	"pay_by" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"shipment_id" text,
	"waybill" text,
	"tracking_id" text,
	"tracking" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracked_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "courier_orders_state_check" CHECK ("courier_orders"."state" in ('awaitingPayment', 'pending', 'paid', 'shipped', 'delivered', 'cancelled', 'failed', 'error', 'expired', 'refunded', 'review')),
	CONSTRAINT "courier_orders_amounts_check" CHECK ("courier_orders"."shipping_cost" > 0 and "courier_orders"."service_fee" >= 0 and "courier_orders"."insurance_cost" >= 0 and "courier_orders"."total" = "courier_orders"."shipping_cost" + "courier_orders"."service_fee" + "courier_orders"."insurance_cost"),
	CONSTRAINT "courier_orders_quantity_check" CHECK ("courier_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text,
	"body" text NOT NULL,
	"verification" text NOT NULL,
	"transaction_status" text,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_orders_request_idx" ON "courier_orders" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "courier_orders_item_idx" ON "courier_orders" USING btree ("item_id","state");--> statement-breakpoint
CREATE INDEX "courier_orders_receiver_idx" ON "courier_orders" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "courier_orders_pay_by_idx" ON "courier_orders" USING btree ("pay_by") WHERE state in ('awaitingPayment', 'pending');--> statement-breakpoint
CREATE INDEX "courier_orders_shipped_idx" ON "courier_orders" USING btree ("shipped_at") WHERE state = 'shipped';--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","id");