CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"license_type" text DEFAULT 'standard' NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_upper" CHECK ("promo_codes"."code" = upper("promo_codes"."code")),
	CONSTRAINT "promo_codes_percent" CHECK ("promo_codes"."percent_off" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_license_idx" ON "cart_items" USING btree ("user_id","product_id","license_type");--> statement-breakpoint
CREATE INDEX "cart_items_user_created_idx" ON "cart_items" USING btree ("user_id","created_at");--> statement-breakpoint
-- The launch codes of SPEC §9; an owner edits or adds rows to change them.
INSERT INTO "promo_codes" ("code", "percent_off") VALUES
  ('WELCOME10', 10), ('SAVE20', 20), ('SPECIAL25', 25), ('LAUNCH', 15)
ON CONFLICT ("code") DO NOTHING;
