ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_card_last4" CHECK ("orders"."card_last4" ~ '^[0-9]{4}$');