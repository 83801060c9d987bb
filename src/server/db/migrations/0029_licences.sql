CREATE TABLE "license_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"machine_id" text NOT NULL,
	"machine_name" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "license_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_id" uuid NOT NULL,
	"type" text NOT NULL,
	"machine_id" text,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"product_id" uuid,
	"user_id" uuid,
	"seats" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_key_unique" UNIQUE("key"),
	CONSTRAINT "licenses_item_ordinal" UNIQUE("order_item_id","ordinal"),
	CONSTRAINT "licenses_seats" CHECK ("licenses"."seats" between 1 and 10000),
	CONSTRAINT "licenses_ordinal" CHECK ("licenses"."ordinal" > 0)
);
--> statement-breakpoint
CREATE TABLE "licensing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"published_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "license_keys" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "activation_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "license_days" integer;--> statement-breakpoint
ALTER TABLE "license_activations" ADD CONSTRAINT "license_activations_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_events" ADD CONSTRAINT "license_events_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "license_activations_live_idx" ON "license_activations" USING btree ("license_id","machine_id") WHERE "license_activations"."deactivated_at" is null;--> statement-breakpoint
CREATE INDEX "license_events_license_idx" ON "license_events" USING btree ("license_id","type","created_at");--> statement-breakpoint
CREATE INDEX "licenses_user_idx" ON "licenses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "licenses_order_idx" ON "licenses" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_activation_limit" CHECK ("products"."activation_limit" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_license_days" CHECK ("products"."license_days" is null or "products"."license_days" > 0);--> statement-breakpoint
UPDATE "products" SET "license_keys" = true WHERE "category_id" IN (SELECT "id" FROM "categories" WHERE "slug" IN ('plugins', 'apps'));
