CREATE TABLE "pack_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"bpm" integer,
	"music_key" text,
	"duration_ms" integer NOT NULL,
	"preview_url" text,
	"preview_peaks" text,
	CONSTRAINT "pack_items_kind" CHECK ("pack_items"."kind" in ('loop', 'one-shot', 'midi')),
	CONSTRAINT "pack_items_duration" CHECK ("pack_items"."duration_ms" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bpm_min" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bpm_max" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "music_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "genres" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "instruments" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "formats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "systems" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "daws" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "preview_peaks" text;--> statement-breakpoint
ALTER TABLE "pack_items" ADD CONSTRAINT "pack_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pack_items_product_position_idx" ON "pack_items" USING btree ("product_id","position");--> statement-breakpoint
-- The tempo and key the product editor kept in metadata move to their columns (a key only when it is one of the 24 the store names).
UPDATE "products" SET
	"bpm_min" = case when jsonb_typeof("metadata" -> 'bpm') = 'number' and ("metadata" ->> 'bpm')::numeric between 20 and 999 then round(("metadata" ->> 'bpm')::numeric)::int end,
	"music_key" = case when "metadata" ->> 'key' in ('C major','C# major','D major','Eb major','E major','F major','F# major','G major','Ab major','A major','Bb major','B major','C minor','C# minor','D minor','Eb minor','E minor','F minor','F# minor','G minor','Ab minor','A minor','Bb minor','B minor') then "metadata" ->> 'key' end;--> statement-breakpoint
UPDATE "products" SET "bpm_max" = case when jsonb_typeof("metadata" -> 'bpmMax') = 'number' and ("metadata" ->> 'bpmMax')::numeric between "bpm_min" and 999 then round(("metadata" ->> 'bpmMax')::numeric)::int else "bpm_min" end WHERE "bpm_min" is not null;--> statement-breakpoint
UPDATE "products" SET "metadata" = "metadata" - 'bpm' - 'bpmMax' - 'key' WHERE "metadata" ?| array['bpm', 'bpmMax', 'key'];--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_bpm" CHECK (("products"."bpm_min" is null and "products"."bpm_max" is null) or ("products"."bpm_min" between 20 and 999 and "products"."bpm_max" between "products"."bpm_min" and 999));