import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ProductSortField } from '#shared/catalogue';
import { SEARCH_RESULT_COUNT } from '#shared/catalogue-limits';
import { queryRows, type Db } from '../db/client';
import { products } from '../db/schema';
import { productJsonArray } from './product-json';
import { categoryIdOf, listOrder, sortColumn, type SortDirection } from './product-queries';
import { preparedQuery, type Value } from '../db/prepared-queries';
import {
  correctWords,
  estimatedMatches,
  forgetSearchWords,
  prefixTsQuery,
  searchTerms,
  searchWords,
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

/**
 * How a search reads its candidates: walking the list's b-tree ('walk') or through the GIN
 * index and a sort ('index'). Chosen here, from the word counts (search-words.ts), so that each
 * way is a query of its own that PostgreSQL plans once per connection: it had planned every
 * search afresh, 0.5–2 ms each, longer than most searches run.
 */
export type SearchAccess = 'walk' | 'index';

export function searchAccess(matches: number, active: number): SearchAccess {
  const walkCost = SEARCH_CANDIDATE_LIMIT * WALK_COST_PER_PRODUCT * active;
  return matches ** 2 * GIN_COST_PER_MATCH > walkCost ? 'walk' : 'index';
}

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

/** A search's values, or placeholders for them in its prepared statement. */
export interface SearchValues {
  /** The text as typed, for the names' trigram similarity. */
  text: Value<string>;
  /** The words as a prefix tsquery (prefixTsQuery); undefined when the text has none. */
  tsQuery?: Value<string>;
  category?: Value<string>;
  limit: Value<number>;
  offset: Value<number>;
}

/** What makes one search query differ from another beyond its values. */
export interface SearchShape extends Pick<SearchOptions, 'scope' | 'filter' | 'sort'> {
  access: SearchAccess;
  /** Names close to the whole text by trigrams join the words' matches when those are few. */
  fuzzy: boolean;
}

/**
 * One page of a search as one row of (data, total, word_matches): the page's products as a JSON
 * array, best match first unless a sort is given (query-plans.test.ts explains it); `total`
 * counts the ranked candidates, `word_matches` those the words found.
 *
 * Its plan does not depend on its values, so one plan serves every search of its shape: the
 * query is a parameter read through a subquery (which the planner takes as unknown when it
 * plans for values too, so it has no better plan to wait for), and `shape.access` leaves it one
 * way to the candidates — the list's order with the match as a function call no index answers
 * (walk), or the GIN index and an order no b-tree gives (index).
 */
export function searchPageQuery(values: SearchValues, shape: SearchShape): SQL {
  const query =
    values.tsQuery === undefined
      ? undefined
      : sql`(select to_tsquery('english', ${values.tsQuery}::text))`;
  const text = sql`${values.text}::text`;
  const scope = and(
    shape.scope ??
      and(
        sql`${products.isActive}`,
        values.category === undefined
          ? undefined
          : eq(products.categoryId, categoryIdOf(values.category)),
      ),
    shape.filter,
  );
  const field = shape.sort?.field ?? 'created_at';
  const direction = shape.sort?.direction ?? 'desc';
  const sortKey = shape.sort ? sortColumn(products, shape.sort.field) : sql`null`;
  const candidates = (match: SQL, order: SQL) => sql`
    select ${products.id} as id, ${products.name} as name, ${products.searchVector} as vector,
      ${products.createdAt} as created_at, ${sortKey} as sort_key
    from ${products}
    where ${and(scope, match)}
    order by ${order}
    limit ${sql.raw(String(SEARCH_CANDIDATE_LIMIT))}`;

  const byIndex = sql.join(listOrder(products, field, direction), sql`, `);
  const column = sortColumn(products, field);
  const bySort = sql`coalesce(${column}, ${column}) ${sql.raw(direction)}, ${products.id} ${sql.raw(direction)}`;
  // Without words, the filter alone decides (every product it allows matches); without either,
  // nothing does.
  const everything = shape.filter === undefined ? sql`false` : sql`true`;
  const words =
    shape.access === 'walk'
      ? candidates(
          query ? sql`ts_match_vq(${products.searchVector}, ${query})` : everything,
          byIndex,
        )
      : candidates(query ? sql`${products.searchVector} @@ ${query}` : everything, bySort);

  const rank = query
    ? sql`ts_rank(matched.vector, ${query}) + word_similarity(${text}, matched.name)`
    : sql`word_similarity(${text}, matched.name)`;
  const finalOrder = shape.sort
    ? sql`matched.sort_key ${sql.raw(direction)}, matched.id ${sql.raw(direction)}`
    : sql`${rank} desc, matched.created_at desc, matched.id desc`;

  // The trigram scan only runs when the words found too few: PostgreSQL evaluates the count
  // once, as a one-time filter, before touching the index.
  const matched = shape.fuzzy
    ? sql`
      fuzzy as materialized (${candidates(
        sql`(select count(*) from words) < ${sql.raw(String(SEARCH_RESULT_COUNT))} and ${text} <% ${products.name}`,
        byIndex,
      )}),
      matched as (
        select * from words
        union all
        select * from fuzzy where id not in (select id from words)
      )`
    : sql`matched as (select * from words)`;
  return sql`
    with words as materialized (${words}), ${matched},
    ranked as (
      select matched.id, row_number() over (order by ${finalOrder}) as position from matched
    )
    select
      (select ${productJsonArray(sql`ranked.position`)}
        from ranked
        join ${products} on ${products.id} = ranked.id
        where ranked.position > ${values.offset}::integer
          and ranked.position <= ${values.offset}::integer + ${values.limit}::integer) as data,
      (select count(*) from matched)::integer as total,
      (select count(*) from words)::integer as word_matches`;
}

type SearchRow = { data: string; total: number; word_matches: number };

/**
 * The search's prepared statement for `shape`, by name (db/prepared-queries.ts): one per way to
 * the candidates, category or not, order and fuzziness. A search with its own scope or filter
 * (the admin's, the music words') is built each time.
 */
function preparedSearch(db: Db, shape: SearchShape, inCategory: boolean) {
  const order = shape.sort ? `${shape.sort.field}_${shape.sort.direction}` : 'rank';
  const name = `search_${shape.access}_${inCategory ? 'category' : 'all'}_${order}${shape.fuzzy ? '_fuzzy' : ''}`;
  return preparedQuery(db, name, () => {
    const placeholders: SearchValues = {
      text: sql.placeholder('text'),
      tsQuery: sql.placeholder('tsQuery'),
      category: inCategory ? sql.placeholder('category') : undefined,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    };
    return db
      .select({
        data: sql<string>`search.data`,
        total: sql<number>`search.total`,
        word_matches: sql<number>`search.word_matches`,
      })
      .from(sql`(${searchPageQuery(placeholders, shape)}) as search`)
      .prepare(name);
  });
}

/** One page of a search: its products as JSON text, the total, and what the words found. */
async function runSearch(db: Db, values: SearchValues & { text: string }, shape: SearchShape) {
  const prepared =
    shape.scope === undefined && shape.filter === undefined && values.tsQuery !== undefined;
  const [row]: (SearchRow | undefined)[] = prepared
    ? await preparedSearch(db, shape, values.category !== undefined).execute({ ...values })
    : await queryRows<SearchRow>(db, searchPageQuery(values, shape));
  return { data: row?.data ?? '[]', total: row?.total ?? 0, wordMatches: row?.word_matches ?? 0 };
}

/**
 * One page of a search and the total found. Most searches take one query. A word no catalogue
 * word starts with ('compresor') is searched as itself or its closest catalogue words
 * ('compressor'), straight away: as typed it would find nothing. When the words find fewer than
 * a screenful, names close to the whole text by trigrams join in (the larger query): at once
 * when the word counts say so, else after the words' own query has found too few.
 */
export async function searchProductPage(db: Db, text: string, options: SearchOptions) {
  const words = searchWords(text);
  const terms = searchTerms(words, await correctWords(db, words));
  const tsQuery = prefixTsQuery(terms) ?? undefined;
  const { matches, active } = await estimatedMatches(db, terms);
  const { category, limit, offset } = options;
  const values = { text, tsQuery, category, limit, offset };
  const shape: SearchShape = {
    scope: options.scope,
    filter: options.filter,
    sort: options.sort,
    access: tsQuery === undefined ? 'walk' : searchAccess(matches, active),
    fuzzy: false,
  };
  if (text.trim() === '') return runSearch(db, values, shape);
  // The counts say the words find fewer than a screenful: the larger query at once.
  if (tsQuery !== undefined && matches < SEARCH_RESULT_COUNT) {
    return runSearch(db, values, { ...shape, fuzzy: true });
  }
  const found = await runSearch(db, values, shape);
  if (found.wordMatches >= SEARCH_RESULT_COUNT) return found;
  return runSearch(db, values, { ...shape, fuzzy: true });
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
  forgetSearchWords(db);
}
