CREATE TABLE "product_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"platform" text DEFAULT 'any' NOT NULL,
	"label" text,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_files_platform" CHECK ("product_files"."platform" in ('any', 'macos', 'windows', 'linux'))
);
--> statement-breakpoint
CREATE TABLE "product_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"version" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changelog" text DEFAULT '' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"notified_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_versions_product_version_key" UNIQUE("product_id","version")
);
--> statement-breakpoint
CREATE TABLE "update_email_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_notices" (
	"version_id" uuid NOT NULL,
	"email" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_notices_version_id_email_pk" PRIMARY KEY("version_id","email")
);
--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "version_id" uuid;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_versions" ADD CONSTRAINT "product_versions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_notices" ADD CONSTRAINT "update_notices_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_files_version_idx" ON "product_files" USING btree ("version_id");--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_version_id_product_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."product_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every product with a file today gets version 1.0.0 holding that file for all platforms, so
-- its downloads keep working and its next published version has something to be above.
INSERT INTO "product_versions" ("product_id", "version", "released_at")
SELECT "id", '1.0.0', "updated_at" FROM "products" WHERE "file_key" IS NOT NULL;--> statement-breakpoint
INSERT INTO "product_files" ("product_id", "version_id", "platform", "file_key", "file_name", "file_size")
SELECT p."id", v."id", 'any', p."file_key", coalesce(p."file_name", 'download'), p."file_size"
FROM "products" p JOIN "product_versions" v ON v."product_id" = p."id"
WHERE p."file_key" IS NOT NULL;
