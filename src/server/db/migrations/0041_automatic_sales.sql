CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer NOT NULL,
	"product_id" uuid,
	"category_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_name" CHECK (length(trim("sales"."name")) between 1 and 100),
	CONSTRAINT "sales_percent" CHECK ("sales"."percent_off" between 1 and 100),
	CONSTRAINT "sales_target" CHECK (("sales"."product_id" is null) <> ("sales"."category_id" is null)),
	CONSTRAINT "sales_window" CHECK ("sales"."ends_at" > "sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_product_idx" ON "sales" USING btree ("product_id","ends_at");--> statement-breakpoint
CREATE INDEX "sales_category_idx" ON "sales" USING btree ("category_id","ends_at");