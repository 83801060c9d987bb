CREATE TABLE "product_counts" (
	"scope" text PRIMARY KEY NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_active_created_idx";--> statement-breakpoint
DROP INDEX "products_active_category_created_idx";--> statement-breakpoint
DROP INDEX "products_active_featured_idx";--> statement-breakpoint
CREATE INDEX "products_active_updated_idx" ON "products" USING btree ("updated_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_updated_idx" ON "products" USING btree ("category_id","updated_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_name_idx" ON "products" USING btree ("name","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_name_idx" ON "products" USING btree ("category_id","name","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_featured_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active" and ("products"."metadata" ->> 'featured') = 'true';--> statement-breakpoint
-- Exact active-product counts per category, so a list's total is one row read. Statement-level
-- triggers with transition tables: a bulk insert or update adjusts each category's row once.
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts (scope, active)
      SELECT coalesce(category_id::text, 'none'), count(*)::integer
      FROM new_rows WHERE is_active GROUP BY 1
    ON CONFLICT (scope) DO UPDATE SET active = product_counts.active + excluded.active;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE product_counts SET active = product_counts.active - gone.active
    FROM (
      SELECT coalesce(category_id::text, 'none') AS scope, count(*)::integer AS active
      FROM old_rows WHERE is_active GROUP BY 1
    ) gone
    WHERE product_counts.scope = gone.scope;
  ELSE
    INSERT INTO product_counts (scope, active)
      SELECT scope, sum(delta)::integer FROM (
        SELECT coalesce(category_id::text, 'none') AS scope, 1 AS delta FROM new_rows WHERE is_active
        UNION ALL
        SELECT coalesce(category_id::text, 'none'), -1 FROM old_rows WHERE is_active
      ) changes
      GROUP BY scope HAVING sum(delta) <> 0
    ON CONFLICT (scope) DO UPDATE SET active = product_counts.active + excluded.active;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_count_inserts" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "products_count_updates" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "products_count_deletes" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "products_count_truncates" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_clear();
--> statement-breakpoint
INSERT INTO "product_counts" ("scope", "active")
  SELECT coalesce(category_id::text, 'none'), count(*)::integer FROM products WHERE is_active GROUP BY 1;
