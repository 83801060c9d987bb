ALTER TABLE "orders" ADD COLUMN "promo_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded" CHECK ("orders"."refunded_cents" between 0 and "orders"."total_cents");--> statement-breakpoint
-- Orders from before: a session lasted 24 hours from its creation; an order held its promo use
-- unless it had failed or been cancelled (both gave it back); a refund was always whole.
UPDATE "orders" SET "expires_at" = "created_at" + interval '24 hours';
--> statement-breakpoint
UPDATE "orders" SET "promo_held" = true
  WHERE "promo_code" IS NOT NULL AND "status" IN ('PENDING', 'COMPLETED', 'REFUNDED');
--> statement-breakpoint
UPDATE "orders" SET "refunded_cents" = "total_cents" WHERE "status" = 'REFUNDED';
