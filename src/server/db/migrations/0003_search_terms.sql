-- The words of the active catalogue, unstemmed, for correcting a typo in search text to a word
-- the catalogue really uses ('sampel' → 'sample'). Refreshed after catalogue writes (refreshSearchTerms).
CREATE MATERIALIZED VIEW "search_terms" AS
  SELECT word FROM ts_stat($$
    SELECT to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || coalesce(metadata ->> 'tags', ''))
    FROM public.products WHERE is_active
  $$);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_terms_word_idx" ON "search_terms" ("word" text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);
