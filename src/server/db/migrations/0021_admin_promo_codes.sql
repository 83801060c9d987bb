CREATE TABLE "promo_code_categories" (
	"code" text NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "promo_code_categories_code_category_id_pk" PRIMARY KEY("code","category_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_products" (
	"code" text NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "promo_code_products_code_product_id_pk" PRIMARY KEY("code","product_id")
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "once_per_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_code_promo_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."promo_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_categories_category_idx" ON "promo_code_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "promo_code_products_product_idx" ON "promo_code_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code") WHERE "orders"."promo_code" is not null;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_window" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."expires_at" is null or "promo_codes"."expires_at" > "promo_codes"."starts_at");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_cap" CHECK ("promo_codes"."max_redemptions" is null or "promo_codes"."max_redemptions" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_redemptions" CHECK ("promo_codes"."redemptions" >= 0);