import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductSortField } from '#shared/catalogue';
import { SEARCH_RESULT_COUNT } from '#shared/catalogue-limits';
import { queryRows, type Db } from '../db/client';
import { categories, products } from '../db/schema';
import { productJsonArray } from './product-json';
import { categoryIdOf, listOrder, sortColumn, type SortDirection } from './product-queries';
import {
  activeProductCount,
  correctWords,
  estimatedMatches,
  forgetCorrections,
  prefixTsQuery,
  searchTerms,
  searchWords,
  type SearchTerms,
} from './search-words';

/**
 * How search text matches a product: every word as a prefix in the weighted search vector
 * (GIN products_search_idx). A word no catalogue word starts with is also read as the catalogue
 * words closest to it ('sampel' → 'sample'). When the words match fewer than a screenful, the
 * whole text close to a name by trigram word similarity counts too (GIN products_name_trgm_idx;
 * the `<%` threshold is set per connection in db/client.ts) — 'lofi' finds 'Lo-Fi Tape Loops'.
 */

/**
 * At most this many matches are ranked. A common word ('drum', or a 2-letter prefix) matches
 * a third of a 100,000-product catalogue; ranking all of them cost 100–200 ms a search. Only
 * the newest 100 matches (or, for a list sorted by a column, the first 100 in that order) are
 * ranked, so a search costs a few milliseconds whatever it matches, and reports at most 100
 * results: ten pages.
 */
export const SEARCH_CANDIDATE_LIMIT = 100;

/**
 * What reading one product costs each way of finding the first matches in list order,
 * measured on PostgreSQL (µs): walking the list's b-tree tests every product it passes (its
 * search vector against the query), until it has found enough; reading every match through the
 * GIN index fetches each and sorts them. Walking wins when matches are common: for 100
 * candidates in 100,000 products, from about 2% of them up. PostgreSQL's own choice
 * underestimates the test and walks too soon (a word in 1.3% of products: 9 ms instead of 3).
 */
const WALK_COST_PER_PRODUCT = 1.1;
const GIN_COST_PER_MATCH = 2.9;

export interface SearchOptions {
  /** A category slug to search within. */
  category?: string;
  /** Which products may match instead of the active ones (of `category`): the admin's filters. */
  scope?: SQL;
  /**
   * A condition the matches must meet too (music-filter.ts: the tempo, key, genres and
   * instruments the text named). With it, text without words lists what it allows.
   */
  filter?: SQL;
  /** An explicit order; without one, best match first. */
  sort?: { field: ProductSortField; direction: SortDirection };
  limit: number;
  offset: number;
}

/**
 * One page of a search as one row of (data, total, word_matches): the page's products as a JSON
 * array, best match first unless a sort is given (query-plans.test.ts explains it); `total`
 * counts the ranked candidates, `word_matches` those the words found. With `fuzzy`, names close to the whole text by
 * trigrams join the words' matches when those are fewer than a screenful; without it the
 * query stays small, which keeps PostgreSQL's planning of it short.
 */
export function searchPageQuery(
  text: string,
  terms: SearchTerms,
  options: SearchOptions & { fuzzy?: boolean },
): SQL {
  const tsQuery = prefixTsQuery(terms);
  const query = tsQuery ? sql`to_tsquery('english', ${tsQuery})` : null;
  const scope = and(
    options.scope ??
      and(
        sql`${products.isActive}`,
        options.category ? eq(products.categoryId, categoryIdOf(options.category)) : undefined,
      ),
    options.filter,
  );
  // Only the filter: every product it allows matches, found by walking the list's order.
  const filterOnly = !query && options.filter !== undefined;
  const field = options.sort?.field ?? 'created_at';
  const direction = options.sort?.direction ?? 'desc';
  const sortKey = options.sort ? sortColumn(products, options.sort.field) : sql`null`;
  const candidates = (match: SQL, order: SQL) => sql`
    select ${products.id} as id, ${products.name} as name, ${products.searchVector} as vector,
      ${products.createdAt} as created_at, ${sortKey} as sort_key
    from ${products}
    where ${and(scope, match)}
    order by ${order}
    limit ${SEARCH_CANDIDATE_LIMIT}`;

  // The candidates, read one way or the other (see WALK_COST_PER_PRODUCT): the order as the
  // list's b-tree gives it, or the same order as an expression no index matches, which leaves
  // PostgreSQL only the GIN index and a sort. Each is read through a one-time filter on the
  // estimate, so only one of the two materialized queries ever runs (a filter inside them
  // would still start the parallel workers of a plan that then does nothing).
  const byIndex = sql.join(listOrder(products, field, direction), sql`, `);
  const column = sortColumn(products, field);
  const bySort = sql`coalesce(${column}, ${column}) ${sql.raw(direction)}, ${products.id} ${sql.raw(direction)}`;
  const matches = query
    ? sql`${products.searchVector} @@ ${query}`
    : filterOnly
      ? sql`true`
      : sql`false`;
  const walk = filterOnly ? sql`true` : sql`(select walk from estimate)`;
  const words = sql`
    estimate as materialized (
      select (${estimatedMatches(terms)}) ^ 2 * ${GIN_COST_PER_MATCH}
        > ${SEARCH_CANDIDATE_LIMIT * WALK_COST_PER_PRODUCT} * ${activeProductCount()} as walk
    ),
    walked as materialized (${candidates(matches, byIndex)}),
    sorted as materialized (${candidates(matches, bySort)}),
    words as (
      select * from walked where ${walk}
      union all
      select * from sorted where not ${walk}
    )`;

  const rank = query
    ? sql`ts_rank(matched.vector, ${query}) + word_similarity(${text}, matched.name)`
    : sql`word_similarity(${text}, matched.name)`;
  const finalOrder = options.sort
    ? sql`matched.sort_key ${sql.raw(direction)}, matched.id ${sql.raw(direction)}`
    : sql`${rank} desc, matched.created_at desc, matched.id desc`;

  // The trigram scan only runs when the words found too few: PostgreSQL evaluates the count
  // once, as a one-time filter, before touching the index.
  const matched =
    options.fuzzy && text.trim() !== ''
      ? sql`
      fuzzy as materialized (${candidates(
        sql`(select count(*) from words) < ${SEARCH_RESULT_COUNT} and ${text} <% ${products.name}`,
        byIndex,
      )}),
      matched as (
        select * from words
        union all
        select * from fuzzy where id not in (select id from words)
      )`
      : sql`matched as (select * from words)`;
  return sql`
    with ${words}, ${matched},
    ranked as (
      select matched.id, row_number() over (order by ${finalOrder}) as position from matched
    )
    select
      (select ${productJsonArray(sql`ranked.position`)}
        from ranked
        join ${products} on ${products.id} = ranked.id
        left join ${categories} on ${categories.id} = ${products.categoryId}
        where ranked.position > ${options.offset}
          and ranked.position <= ${options.offset + options.limit}) as data,
      (select count(*) from matched)::integer as total,
      (select count(*) from words)::integer as word_matches`;
}

/** One page of a search: its products as JSON text, the total, and what the words found. */
async function runSearch(
  db: Db,
  text: string,
  terms: SearchTerms,
  options: SearchOptions & { fuzzy?: boolean },
) {
  const [row] = await queryRows<{ data: string; total: number; word_matches: number }>(
    db,
    searchPageQuery(text, terms, options),
  );
  return { data: row?.data ?? '[]', total: row?.total ?? 0, wordMatches: row?.word_matches ?? 0 };
}

/**
 * One page of a search and the total found. Most searches take one query. A word no catalogue
 * word starts with ('compresor') is searched as itself or its closest catalogue words
 * ('compressor'), straight away: as typed it would find nothing. Only if the words still find
 * fewer than a screenful do names close to the whole text by trigrams join in (the larger
 * query, which takes longer to plan).
 */
export async function searchProductPage(db: Db, text: string, options: SearchOptions) {
  const words = searchWords(text);
  const terms = searchTerms(words, await correctWords(db, words));
  const found = await runSearch(db, text, terms, options);
  if (found.wordMatches >= SEARCH_RESULT_COUNT || text.trim() === '') return found;
  return runSearch(db, text, terms, { ...options, fuzzy: true });
}

/**
 * Rebuilds the word list and its counts (search-words.ts) from the whole catalogue. Triggers on
 * products keep it exact as products change (migration 0017); this is for a catalogue loaded
 * with its triggers off, and it forgets the corrections this process remembered.
 */
export async function refreshSearchTerms(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`
      insert into search_terms (word, ndoc)
      select word, ndoc from ts_stat($$
        select search_terms_document(name, description, metadata) from public.products where is_active
      $$)`);
  });
  forgetCorrections(db);
}
