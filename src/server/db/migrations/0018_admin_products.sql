CREATE TABLE "admin_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_entity_idx" ON "admin_audit" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
-- A product's status replaces is_active, which stays as a column generated from it: the
-- store's queries and partial indexes read it as before. Products sold so far are active; those
-- taken off sale are archived.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "status" = 'archived' WHERE NOT "is_active";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('draft', 'active', 'archived'));--> statement-breakpoint
-- Dropping the column drops the partial indexes on it; they are built again below.
ALTER TABLE "products" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS (status = 'active') STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "on_sale" boolean GENERATED ALWAYS AS (case when jsonb_typeof(metadata -> 'originalPrice') = 'number' then (metadata ->> 'originalPrice')::numeric > price_cents else false end and (metadata -> 'isOnSale') is distinct from 'false'::jsonb) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sales_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_updated_idx" ON "products" USING btree ("updated_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_updated_idx" ON "products" USING btree ("category_id","updated_at","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_price_idx" ON "products" USING btree ("category_id","price_cents","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_name_idx" ON "products" USING btree ("name","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_category_name_idx" ON "products" USING btree ("category_id","name","id") WHERE "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_active_featured_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_active" and ("products"."metadata" ->> 'featured') = 'true';--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sales_count","id");--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("category_id","status") WHERE "products"."on_sale";--> statement-breakpoint
-- Products per category and status (was: active ones only), kept by the same triggers.
ALTER TABLE "product_counts" ADD COLUMN "draft" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_counts" ADD COLUMN "archived" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_counts (scope, active, draft, archived)
      SELECT coalesce(category_id::text, 'none'),
        count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'draft'),
        count(*) FILTER (WHERE status = 'archived')
      FROM new_rows GROUP BY 1
    ON CONFLICT (scope) DO UPDATE SET active = product_counts.active + excluded.active,
      draft = product_counts.draft + excluded.draft,
      archived = product_counts.archived + excluded.archived;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE product_counts SET active = product_counts.active - gone.active,
      draft = product_counts.draft - gone.draft, archived = product_counts.archived - gone.archived
    FROM (
      SELECT coalesce(category_id::text, 'none') AS scope,
        count(*) FILTER (WHERE status = 'active') AS active,
        count(*) FILTER (WHERE status = 'draft') AS draft,
        count(*) FILTER (WHERE status = 'archived') AS archived
      FROM old_rows GROUP BY 1
    ) gone
    WHERE product_counts.scope = gone.scope;
  ELSE
    INSERT INTO product_counts (scope, active, draft, archived)
      SELECT scope,
        coalesce(sum(delta) FILTER (WHERE status = 'active'), 0)::integer,
        coalesce(sum(delta) FILTER (WHERE status = 'draft'), 0)::integer,
        coalesce(sum(delta) FILTER (WHERE status = 'archived'), 0)::integer
      FROM (
        SELECT coalesce(category_id::text, 'none') AS scope, status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT coalesce(category_id::text, 'none'), status, -1 FROM old_rows
      ) changes
      GROUP BY scope
      HAVING bool_or(delta <> 0) AND (
        sum(delta) FILTER (WHERE status = 'active') <> 0
        OR sum(delta) FILTER (WHERE status = 'draft') <> 0
        OR sum(delta) FILTER (WHERE status = 'archived') <> 0)
    ON CONFLICT (scope) DO UPDATE SET active = product_counts.active + excluded.active,
      draft = product_counts.draft + excluded.draft,
      archived = product_counts.archived + excluded.archived;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM "product_counts";--> statement-breakpoint
INSERT INTO "product_counts" ("scope", "active", "draft", "archived")
  SELECT coalesce(category_id::text, 'none'), count(*) FILTER (WHERE status = 'active'),
    count(*) FILTER (WHERE status = 'draft'), count(*) FILTER (WHERE status = 'archived')
  FROM products GROUP BY 1;
--> statement-breakpoint
-- The catalogue's words (0003, 0010) become a table kept exact by statement triggers on
-- products, as product_counts is: an edit in the admin changes the words of its product at
-- once, instead of a refresh of the whole view, which locked searches out while it ran.
DROP MATERIALIZED VIEW "search_terms";
--> statement-breakpoint
CREATE TABLE "search_terms" ("word" text PRIMARY KEY NOT NULL, "ndoc" integer NOT NULL);
--> statement-breakpoint
INSERT INTO "search_terms" ("word", "ndoc")
  SELECT word, ndoc FROM ts_stat($$
    SELECT to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || coalesce(metadata ->> 'tags', ''))
    FROM public.products WHERE is_active
  $$);
--> statement-breakpoint
-- INCLUDE (ndoc): the counts of all words with a prefix come from the index alone.
CREATE INDEX "search_terms_word_idx" ON "search_terms" ("word" text_pattern_ops) INCLUDE ("ndoc");
--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- A product's words, unstemmed, as search_terms counts them.
CREATE FUNCTION "search_terms_document"(name text, description text, metadata jsonb)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || coalesce(metadata ->> 'tags', ''));
--> statement-breakpoint
CREATE FUNCTION "search_terms_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  words text[];
  deltas integer[];
  gone text[];
BEGIN
  -- Each changed product counts -1 for each word it had while active and +1 for each word it
  -- has now while active; an update that changes neither its words nor its status counts
  -- nothing. Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(word), array_agg(delta) INTO words, deltas FROM (
      SELECT w.word, count(*)::integer AS delta FROM new_rows n,
        unnest(search_terms_document(n.name, n.description, n.metadata)) AS w(word, positions, weights)
      WHERE n.is_active GROUP BY w.word
    ) changes;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(word), array_agg(delta) INTO words, deltas FROM (
      SELECT w.word, -count(*)::integer AS delta FROM old_rows o,
        unnest(search_terms_document(o.name, o.description, o.metadata)) AS w(word, positions, weights)
      WHERE o.is_active GROUP BY w.word
    ) changes;
  ELSE
    SELECT array_agg(word), array_agg(delta) INTO words, deltas FROM (
      SELECT w.word, sum(d.delta)::integer AS delta
      FROM (
        SELECT n.name, n.description, n.metadata, n.is_active, o.name AS old_name,
          o.description AS old_description, o.metadata AS old_metadata, o.is_active AS old_active
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.description, n.metadata -> 'tags', n.is_active)
          IS DISTINCT FROM (o.name, o.description, o.metadata -> 'tags', o.is_active)
      ) c
      CROSS JOIN LATERAL (
        SELECT search_terms_document(c.name, c.description, c.metadata) AS document, 1 AS delta
        WHERE c.is_active
        UNION ALL
        SELECT search_terms_document(c.old_name, c.old_description, c.old_metadata), -1
        WHERE c.old_active
      ) d,
      unnest(d.document) AS w(word, positions, weights)
      GROUP BY w.word HAVING sum(d.delta) <> 0
    ) changes;
  END IF;
  IF words IS NULL THEN
    RETURN NULL;
  END IF;
  -- In word order, so concurrent edits lock the words they share in the same order.
  WITH counted AS (
    INSERT INTO search_terms (word, ndoc)
      SELECT word, delta FROM unnest(words, deltas) AS c(word, delta) ORDER BY word
    ON CONFLICT (word) DO UPDATE SET ndoc = search_terms.ndoc + excluded.ndoc
    RETURNING word, ndoc
  )
  SELECT array_agg(word) INTO gone FROM counted WHERE ndoc <= 0;
  -- A word no active product uses any more is no longer a correction to offer.
  IF gone IS NOT NULL THEN
    DELETE FROM search_terms WHERE word = ANY (gone) AND ndoc <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_terms_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_terms;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_words_inserts" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_apply();
--> statement-breakpoint
CREATE TRIGGER "products_words_updates" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_apply();
--> statement-breakpoint
CREATE TRIGGER "products_words_deletes" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_terms_apply();
--> statement-breakpoint
CREATE TRIGGER "products_words_truncates" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION search_terms_clear();
--> statement-breakpoint
-- products.sales_count: the order items of COMPLETED orders, kept exact as orders are paid,
-- refunded or removed and as items join a paid order. (Items never move between orders or
-- products.)
CREATE FUNCTION "product_sales_add"(items jsonb) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET sales_count = p.sales_count + c.delta
  FROM (
    SELECT product_id, sum(delta)::integer AS delta
    FROM jsonb_to_recordset(items) AS i(product_id uuid, delta integer)
    GROUP BY product_id HAVING sum(delta) <> 0
  ) c
  WHERE p.id = c.product_id;
$$;
--> statement-breakpoint
CREATE FUNCTION "product_sales_on_order_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_sales_add(coalesce(jsonb_agg(jsonb_build_object(
    'product_id', i.product_id,
    'delta', CASE WHEN n.status = 'COMPLETED' THEN 1 ELSE -1 END)), '[]'))
  FROM new_rows n
  JOIN old_rows o ON o.id = n.id
  JOIN order_items i ON i.order_id = n.id
  WHERE (n.status = 'COMPLETED') <> (o.status = 'COMPLETED');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_sales_on_order_deletes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Before the row goes: its items are still there to count (they go with it, by cascade).
  IF OLD.status = 'COMPLETED' THEN
    PERFORM product_sales_add(coalesce(jsonb_agg(jsonb_build_object(
      'product_id', i.product_id, 'delta', -1)), '[]'))
    FROM order_items i WHERE i.order_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_sales_on_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Items deleted with their order find it gone here: product_sales_on_order_deletes counted them.
  IF TG_OP = 'INSERT' THEN
    PERFORM product_sales_add(coalesce(jsonb_agg(jsonb_build_object(
      'product_id', i.product_id, 'delta', 1)), '[]'))
    FROM new_rows i JOIN orders o ON o.id = i.order_id WHERE o.status = 'COMPLETED';
  ELSE
    PERFORM product_sales_add(coalesce(jsonb_agg(jsonb_build_object(
      'product_id', i.product_id, 'delta', -1)), '[]'))
    FROM old_rows i JOIN orders o ON o.id = i.order_id WHERE o.status = 'COMPLETED';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_sales_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET sales_count = 0 WHERE sales_count <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_count_sales" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_on_order_updates();
--> statement-breakpoint
CREATE TRIGGER "orders_uncount_sales" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION product_sales_on_order_deletes();
--> statement-breakpoint
CREATE TRIGGER "order_items_count_inserts" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_on_items();
--> statement-breakpoint
CREATE TRIGGER "order_items_count_deletes" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_sales_on_items();
--> statement-breakpoint
CREATE TRIGGER "orders_clear_sales" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_clear();
--> statement-breakpoint
CREATE TRIGGER "order_items_clear_sales" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION product_sales_clear();
--> statement-breakpoint
UPDATE "products" p SET "sales_count" = s.n
FROM (
  SELECT i.product_id, count(*)::integer AS n
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.status = 'COMPLETED' GROUP BY i.product_id
) s
WHERE p.id = s.product_id;
