import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { products } from '../db/schema';

/**
 * How search text matches a product: every word as a prefix in the weighted search vector
 * (GIN products_search_idx), where a word the catalogue does not use may also be read as the
 * catalogue words closest to it ('sampel' → 'sample', from the search_terms view); or the whole
 * text close to the name by trigram word similarity (GIN products_name_trgm_idx; the `<%`
 * threshold is set per connection in db/client.ts).
 */
export interface SearchMatch {
  where: SQL;
  rank: SQL<number>;
}

/** Words shorter than this are taken as typed: too short to guess a typo from. */
const MIN_CORRECTABLE_LENGTH = 4;
const CORRECTIONS_PER_WORD = 2;

/** Letters and digits only: nothing the user types can become tsquery syntax. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** 'a & (b | c)' from words and their corrections, every term a prefix. */
export function prefixTsQuery(
  words: string[],
  corrections: Map<string, string[]> = new Map(),
): string | null {
  if (words.length === 0) return null;
  return words
    .map((word) => {
      const terms = [word, ...(corrections.get(word) ?? [])].map((term) => `${term}:*`);
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

/** For each word no catalogue word starts with, the closest catalogue words by trigram similarity. */
async function correctWords(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((word) => word.length >= MIN_CORRECTABLE_LENGTH);
  if (candidates.length === 0) return new Map();
  const list = sql.join(
    candidates.map((word) => sql`${word}`),
    sql`, `,
  );
  const rows = await queryRows<{ input: string; word: string }>(
    db,
    sql`
    select w.input, t.word
    from unnest(array[${list}]::text[]) as w(input)
    cross join lateral (
      select word from search_terms
      where word % w.input
        and not exists (select 1 from search_terms s where s.word like w.input || '%')
      order by similarity(word, w.input) desc
      limit ${CORRECTIONS_PER_WORD}
    ) t`,
  );
  const corrections = new Map<string, string[]>();
  for (const { input, word } of rows) {
    corrections.set(input, [...(corrections.get(input) ?? []), word]);
  }
  return corrections;
}

export async function buildSearchMatch(db: Db, text: string): Promise<SearchMatch> {
  const words = searchWords(text);
  const trigram = sql`${text} <% ${products.name}`;
  const similarity = sql`word_similarity(${text}, ${products.name})`;
  const tsQuery = prefixTsQuery(words, await correctWords(db, words));
  if (!tsQuery) return { where: trigram, rank: sql<number>`${similarity}` };
  const stemmed = sql`to_tsquery('english', ${tsQuery})`;
  return {
    where: sql`(${products.searchVector} @@ ${stemmed} or ${trigram})`,
    rank: sql<number>`ts_rank(${products.searchVector}, ${stemmed}) + ${similarity}`,
  };
}

/** Rebuilds the word list after the catalogue changes. */
export async function refreshSearchTerms(db: Db): Promise<void> {
  await db.execute(sql`refresh materialized view search_terms`);
}
