-- The catalogue's words now carry how many active products use each (ndoc), so a search can
-- tell a common word from a rare one before choosing how to read its matches
-- (catalogue/search-match.ts). Rebuilt from the same words as 0003.
DROP MATERIALIZED VIEW "search_terms";
--> statement-breakpoint
CREATE MATERIALIZED VIEW "search_terms" AS
  SELECT word, ndoc FROM ts_stat($$
    SELECT to_tsvector('simple'::regconfig, name || ' ' || description || ' ' || coalesce(metadata ->> 'tags', ''))
    FROM public.products WHERE is_active
  $$);
--> statement-breakpoint
-- INCLUDE (ndoc): the counts of all words with a prefix come from the index alone.
CREATE UNIQUE INDEX "search_terms_word_idx" ON "search_terms" ("word" text_pattern_ops) INCLUDE ("ndoc");
--> statement-breakpoint
CREATE INDEX "search_terms_word_trgm_idx" ON "search_terms" USING gin ("word" gin_trgm_ops);
