CREATE TABLE "store_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"refund_id" text,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"sequence_number" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	"storage_key" text,
	"rendered_at" timestamp with time zone,
	"render_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "invoice_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "invoice_documents_series_number" UNIQUE("series","year","sequence_number")
);
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_sequences_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "invoice_sequences_positive" CHECK ("invoice_sequences"."last_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis" text DEFAULT 'estimate' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_check" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_one_invoice" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_one_credit_note" ON "invoice_documents" USING btree ("refund_id") WHERE "invoice_documents"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_documents_order_idx" ON "invoice_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_unrendered_idx" ON "invoice_documents" USING btree ("issued_at") WHERE "invoice_documents"."storage_key" is null;--> statement-breakpoint
CREATE INDEX "orders_country_completed_idx" ON "orders" USING btree ("country","completed_at") WHERE "orders"."status" in ('COMPLETED', 'REFUNDED');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tax" CHECK ("order_items"."discount_cents" >= 0 and "order_items"."tax_cents" >= 0 and "order_items"."tax_rate" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_not_negative" CHECK ("orders"."tax_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts" CHECK ("orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents" + case when "orders"."prices_include_tax" then 0 else "orders"."tax_cents" end);--> statement-breakpoint
UPDATE "orders" SET "country" = CASE "billing_details"->>'country'
  WHEN 'United States' THEN 'US' WHEN 'Canada' THEN 'CA'
  WHEN 'United Kingdom' THEN 'GB' WHEN 'Australia' THEN 'AU' END
WHERE "country" IS NULL;
