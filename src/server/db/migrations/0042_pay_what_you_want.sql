ALTER TABLE "products" ADD COLUMN "pwyw_minimum_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pwyw_confirm_above_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "amount_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pwyw" CHECK ("products"."pwyw_minimum_cents" is null or "products"."pwyw_minimum_cents" between 0 and "products"."price_cents");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pwyw_confirm" CHECK ("products"."pwyw_confirm_above_cents" is null or ("products"."pwyw_minimum_cents" is not null and "products"."pwyw_confirm_above_cents" >= "products"."price_cents" and "products"."pwyw_confirm_above_cents" < 1000000));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_amount" CHECK ("cart_items"."amount_cents" is null or "cart_items"."amount_cents" >= 0);