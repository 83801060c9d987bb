import { and, sql, type SQL } from 'drizzle-orm';
import {
  parseMusicQuery,
  tempoWindow,
  understoodAnything,
  type UnderstoodMusic,
} from '#shared/music-query';
import { genres, instruments } from '#shared/music';
import { products } from '../db/schema';

/**
 * Search text that speaks music, as SQL: #shared/music-query reads the text, this
 * turns what it understood into one condition on products, as the module there describes it
 * (a tempo within ±3 BPM, the key exactly, each genre and instrument by the product's facts or
 * its text). GET /api/search and the `q` of GET /api/products both read their text through
 * `musicSearchOf`.
 */
export interface MusicSearch {
  /** The words left for the text search ('' when the filters are all there is). */
  text: string;
  /** The products the understood filters allow; undefined when nothing was understood. */
  condition: SQL | undefined;
  understood: UnderstoodMusic;
}

/**
 * A fact list holds `value`, or the product's text says it: as typed, as the store labels it, or
 * as its slug ('lofi' finds a product that says "Lo-Fi" without the genre among its facts).
 */
function factOrText(column: SQL, value: string, label: string, typed: string | undefined): SQL {
  const fact = sql`${column} @> array[${value}]::text[]`;
  const spellings = [...new Set([typed, label, value].filter((s) => s !== undefined))];
  const text = sql.join(
    spellings.map((spelling) => sql`phraseto_tsquery('english', ${spelling})`),
    sql` || `,
  );
  return sql`(${fact} or ${products.searchVector} @@ (${text}))`;
}

export function musicSearchOf(text: string): MusicSearch {
  const parsed = parseMusicQuery(text);
  const understood: UnderstoodMusic = {
    bpm: parsed.bpm,
    key: parsed.key,
    genres: parsed.genres,
    instruments: parsed.instruments,
  };
  if (!understoodAnything(understood)) return { text, condition: undefined, understood };
  const conditions: SQL[] = [];
  if (parsed.bpm) {
    const { low, high } = tempoWindow(parsed.bpm);
    conditions.push(sql`${products.bpmMin} <= ${high} and ${products.bpmMax} >= ${low}`);
  }
  if (parsed.key) conditions.push(sql`${products.musicKey} = ${parsed.key}`);
  for (const genre of parsed.genres) {
    conditions.push(
      factOrText(sql`${products.genres}`, genre, genres.labels[genre], parsed.phrases[genre]),
    );
  }
  for (const instrument of parsed.instruments) {
    conditions.push(
      factOrText(
        sql`${products.instruments}`,
        instrument,
        instruments.labels[instrument],
        parsed.phrases[instrument],
      ),
    );
  }
  return { text: parsed.text, condition: and(...conditions), understood };
}
