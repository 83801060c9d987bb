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
 * What this process knows of the catalogue's words, per database: the corrections found per
 * word (none, for a word the catalogue uses), how many active products use each term (as a
 * prefix of their words' stems), and how many active products there are. Searches repeat their
 * words, so most searches ask the database nothing here; it is all forgotten when the catalogue
 * changes (forgetSearchWords).
 */
interface KnownWords {
  corrections: Map<string, string[]>;
  counts: Map<string, number>;
  active?: number;
}

const knownWords = new WeakMap<Db, KnownWords>();
const CACHED_WORDS = 10_000;

function wordsKnownTo(db: Db): KnownWords {
  let known = knownWords.get(db);
  if (!known) {
    known = { corrections: new Map(), counts: new Map() };
    knownWords.set(db, known);
  }
  return known;
}

/** Remembers `value` for `key`, the oldest entry going first when full (a Map keeps order). */
function remember<T>(cache: Map<string, T>, key: string, value: T) {
  if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

/** Forgets what was learnt of `db`'s words: its catalogue changed, or its word list was rebuilt. */
export function forgetSearchWords(db: Db) {
  knownWords.delete(db);
}

/** For each word no catalogue word starts with, the closest catalogue words by trigram similarity. */
export async function correctWords(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const cache = wordsKnownTo(db).corrections;
  const unknown = words.filter((word) => !cache.has(word));
  if (unknown.length > 0) {
    const found = await lookUpCorrections(db, unknown);
    for (const word of unknown) remember(cache, word, found.get(word) ?? []);
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

/**
 * About how many of `active` products the terms match, from the word counts: per word, the
 * products using a word that starts with the stem of one of its terms (the search matches
 * stems, 'pianos' as 'piano:*'); words combined as independent, as PostgreSQL's planner would.
 */
export async function estimatedMatches(
  db: Db,
  terms: SearchTerms,
): Promise<{ matches: number; active: number }> {
  const known = wordsKnownTo(db);
  const unknown = [...new Set(terms.flat())].filter((term) => !known.counts.has(term));
  if (unknown.length > 0 || known.active === undefined) {
    const found = await lookUpCounts(db, unknown);
    known.active = found.active;
    for (const term of unknown) remember(known.counts, term, found.counts.get(term) ?? 0);
  }
  const active = known.active;
  const fractions = terms.map((alternatives) => {
    const users = alternatives.reduce((sum, term) => sum + (known.counts.get(term) ?? 0), 0);
    return Math.min(users / active, 1);
  });
  return { matches: fractions.reduce((product, fraction) => product * fraction, active), active };
}

/** Per term, the products using a word that starts with its stem; and the active products. */
async function lookUpCounts(db: Db, terms: string[]) {
  const rows = await queryRows<{ term: string | null; ndoc: number; active: number }>(
    db,
    sql`
    select t.term, coalesce(sum(s.ndoc), 0)::float8 as ndoc,
      (select greatest(coalesce(sum(${productCounts.active}), 0), 1)::float8
        from ${productCounts}) as active
    from (select unnest(${textArray(terms)}) as term union all select null) as t
    cross join lateral (select coalesce((ts_lexize('english_stem', t.term))[1], t.term) as stem) st
    left join search_terms s on ${startsWith(sql`s.word`, sql`st.stem`)}
    group by t.term`,
  );
  const counts = new Map<string, number>();
  for (const row of rows) if (row.term !== null) counts.set(row.term, row.ndoc);
  return { counts, active: rows[0]?.active ?? 1 };
}
