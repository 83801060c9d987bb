import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { productCounts } from '../db/schema';

/**
 * The words of search text and what the catalogue knows of them, from the search_terms view:
 * every word of the active catalogue, unstemmed, with how many products use it (ndoc).
 */

/** Per word of the text, the terms that may stand for it: the word, then any corrections. */
export type SearchTerms = string[][];

/** Words shorter than this are taken as typed: too short to guess a typo from. */
const MIN_CORRECTABLE_LENGTH = 4;
const CORRECTIONS_PER_WORD = 2;

/** Letters and digits only: nothing the user types can become tsquery syntax. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

export function searchTerms(
  words: string[],
  corrections: Map<string, string[]> = new Map(),
): SearchTerms {
  return words.map((word) => [word, ...(corrections.get(word) ?? [])]);
}

/** 'a & (b | c)': every word must match, through any of its terms, each as a prefix. */
export function prefixTsQuery(terms: SearchTerms): string | null {
  if (terms.length === 0) return null;
  return terms
    .map((alternatives) => {
      const prefixes = alternatives.map((term) => `${term}:*`);
      return prefixes.length === 1 ? prefixes[0] : `(${prefixes.join(' | ')})`;
    })
    .join(' & ');
}

/** A text[] of parameters, one per item. */
const textArray = (items: string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;

/** "`word` starts with `prefix`", as a range search_terms_word_idx (text_pattern_ops) answers. */
const startsWith = (word: SQL, prefix: SQL) =>
  sql`${word} ~>=~ ${prefix} and ${word} ~<~ (${prefix} || chr(1114111))`;

/**
 * The corrections found per word (none, for a word the catalogue uses), per database. The word
 * list changes only when the catalogue is reloaded (forgetCorrections), and searches repeat
 * their words, so most searches ask the database nothing here.
 */
const correctionCache = new WeakMap<Db, Map<string, string[]>>();
const CACHED_WORDS = 10_000;

/** Drops the corrections remembered for `db`, after its word list was rebuilt. */
export function forgetCorrections(db: Db) {
  correctionCache.delete(db);
}

/** For each word no catalogue word starts with, the closest catalogue words by trigram similarity. */
export async function correctWords(db: Db, words: string[]): Promise<Map<string, string[]>> {
  let cache = correctionCache.get(db);
  if (!cache) {
    cache = new Map();
    correctionCache.set(db, cache);
  }
  const unknown = words.filter((word) => !cache.has(word));
  if (unknown.length > 0) {
    const found = await lookUpCorrections(db, unknown);
    for (const word of unknown) {
      // The oldest entry goes first (a Map keeps insertion order).
      if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value as string);
      cache.set(word, found.get(word) ?? []);
    }
  }
  const corrections = new Map<string, string[]>();
  for (const word of words) {
    const corrected = cache.get(word);
    if (corrected && corrected.length > 0) corrections.set(word, corrected);
  }
  return corrections;
}

async function lookUpCorrections(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((word) => word.length >= MIN_CORRECTABLE_LENGTH);
  if (candidates.length === 0) return new Map();
  const rows = await queryRows<{ input: string; word: string }>(
    db,
    sql`
    select w.input, t.word
    from unnest(${textArray(candidates)}) as w(input)
    cross join lateral (
      select word from search_terms
      where word % w.input
        and not exists (select 1 from search_terms s where ${startsWith(sql`s.word`, sql`w.input`)})
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

/** The number of active products (at least 1), from product_counts, as an SQL expression. */
export function activeProductCount(): SQL {
  return sql`(select greatest(coalesce(sum(${productCounts.active}), 0), 1)::float8 from ${productCounts})`;
}

/**
 * About how many active products the terms match, from the word counts: per word, the
 * products using a word that starts with the stem of one of its terms (the search matches
 * stems, 'pianos' as 'piano:*'); words combined as independent, as PostgreSQL's planner
 * would. An SQL expression, evaluated inside the search query.
 */
export function estimatedMatches(terms: SearchTerms): SQL {
  if (terms.length === 0) return sql`0::float8`;
  const catalogue = activeProductCount();
  const fractions = terms.map(
    (alternatives) => sql`(
      select coalesce(sum(s.ndoc), 0)::float8
      from unnest(${textArray(alternatives)}) as t(term)
      cross join lateral (select coalesce((ts_lexize('english_stem', t.term))[1], t.term) as stem) st
      join search_terms s on ${startsWith(sql`s.word`, sql`st.stem`)}
    ) / ${catalogue}`,
  );
  return sql`${catalogue} * ${sql.join(fractions, sql` * `)}`;
}
