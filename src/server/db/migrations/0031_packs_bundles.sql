CREATE TABLE "bundle_items" (
	"bundle_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_member_id_pk" PRIMARY KEY("bundle_id","member_id"),
	CONSTRAINT "bundle_items_not_itself" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."member_id")
);
--> statement-breakpoint
CREATE TABLE "pack_extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"items_total" integer,
	"items_done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pack_extractions_status" CHECK ("pack_extractions"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "product_upgrades" (
	"from_product_id" uuid NOT NULL,
	"to_product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_upgrades_from_product_id_to_product_id_pk" PRIMARY KEY("from_product_id","to_product_id"),
	CONSTRAINT "product_upgrades_not_itself" CHECK ("product_upgrades"."from_product_id" <> "product_upgrades"."to_product_id")
);
--> statement-breakpoint
CREATE TABLE "download_archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"entries" jsonb NOT NULL,
	"note" text,
	"total_bytes" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pack_items" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "pack_items" ADD COLUMN "size_bytes" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_floor_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "bundle_product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "archive_id" uuid;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "crc32" bigint;--> statement-breakpoint
ALTER TABLE "product_files" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_member_id_products_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_extractions" ADD CONSTRAINT "pack_extractions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upgrades" ADD CONSTRAINT "product_upgrades_from_product_id_products_id_fk" FOREIGN KEY ("from_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_upgrades" ADD CONSTRAINT "product_upgrades_to_product_id_products_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_archives" ADD CONSTRAINT "download_archives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_member_idx" ON "bundle_items" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "pack_extractions_product_idx" ON "pack_extractions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "pack_extractions_due_idx" ON "pack_extractions" USING btree ("next_attempt_at") WHERE "pack_extractions"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "product_upgrades_to_idx" ON "product_upgrades" USING btree ("to_product_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_bundle_product_id_products_id_fk" FOREIGN KEY ("bundle_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_bundle_idx" ON "order_items" USING btree ("bundle_product_id") WHERE "order_items"."bundle_product_id" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_credit_not_negative" CHECK ("order_items"."credit_cents" >= 0);