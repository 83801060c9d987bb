ALTER TABLE "products" ADD COLUMN "card_json" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Each product's card as lists send it (catalogue/product-json.ts), kept as text so a page of
-- cards is joined with string_agg instead of built object by object. priceCents and metadata
-- are left out: an automatic sale changes them with the clock, so the query puts them in front
-- (productCardJson). So is the category: kept here, a rename would rewrite every product of the
-- category (33,000 rows at 100,000 products, seconds of the admin's write); the query reads it
-- by its primary key instead. What is stored is the rest of json_build_object's text, from the
-- fourth key on; product-cards.test.ts holds it equal to the object built in full.
CREATE FUNCTION "product_card_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.card_json := substr(json_build_object(
    'id', NEW.id,
    'name', NEW.name,
    'description', NEW.description,
    'payWhatYouWant', CASE WHEN NEW.pwyw_minimum_cents IS NULL THEN NULL ELSE json_build_object(
      'minimumCents', NEW.pwyw_minimum_cents,
      'confirmAboveCents', NEW.pwyw_confirm_above_cents
    ) END,
    'categoryId', NEW.category_id,
    'imageUrl', NEW.image_url,
    'fileSize', NEW.file_size,
    'downloadLimit', NEW.download_limit,
    'unlimitedForAccounts', NEW.unlimited_for_accounts,
    -- is_active is generated from the status after BEFORE triggers run: its expression here.
    'isActive', NEW.status = 'active',
    'music', json_build_object(
      'bpmMin', NEW.bpm_min,
      'bpmMax', NEW.bpm_max,
      'key', NEW.music_key,
      'genres', NEW.genres,
      'instruments', NEW.instruments,
      'formats', NEW.formats,
      'systems', NEW.systems,
      'daws', NEW.daws
    ),
    'previewPeaks', NEW.card_peaks,
    -- A product being inserted has no bundle_items yet (they reference it): one lookup saved
    -- per row of a bulk load.
    'isBundle', TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM bundle_items b WHERE b.bundle_id = NEW.id),
    'ratingCount', NEW.rating_count,
    'ratingTotal', NEW.rating_total,
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text, 2);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Written on every insert and update, whatever changed: one row's text is a few microseconds,
-- and a list of columns to watch would be one more place to forget a new field.
CREATE TRIGGER "products_card" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION product_card_write();
--> statement-breakpoint
-- A card says whether the product is a bundle (has bundle_items of its own): a change to a
-- bundle's items rewrites the bundle's card. Each branch names only the transition tables its
-- event has.
CREATE FUNCTION "product_cards_on_bundle_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET card_json = '' WHERE id IN (SELECT bundle_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET card_json = '' WHERE id IN (SELECT bundle_id FROM old_rows);
  ELSE
    UPDATE products SET card_json = '' WHERE id IN (
      SELECT bundle_id FROM new_rows UNION SELECT bundle_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_cards_on_bundle_items_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET card_json = '' WHERE card_json LIKE '%"isBundle" : true%';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bundle_items_cards_inserts" AFTER INSERT ON "bundle_items"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_cards_on_bundle_items();
--> statement-breakpoint
CREATE TRIGGER "bundle_items_cards_updates" AFTER UPDATE ON "bundle_items"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_cards_on_bundle_items();
--> statement-breakpoint
CREATE TRIGGER "bundle_items_cards_deletes" AFTER DELETE ON "bundle_items"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_cards_on_bundle_items();
--> statement-breakpoint
CREATE TRIGGER "bundle_items_cards_truncates" AFTER TRUNCATE ON "bundle_items"
  FOR EACH STATEMENT EXECUTE FUNCTION product_cards_on_bundle_items_truncate();
--> statement-breakpoint
-- The products already there: each update writes its card.
UPDATE "products" SET "card_json" = '';
