ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_percent";--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "percent_off" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount_off_cents" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount" CHECK ("promo_codes"."amount_off_cents" is null or "promo_codes"."amount_off_cents" > 0);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_kind" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off_cents" is null));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_percent" CHECK ("promo_codes"."percent_off" is null or "promo_codes"."percent_off" between 1 and 100);