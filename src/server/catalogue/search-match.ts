import { sql, type SQL } from 'drizzle-orm';
import { products } from '../db/schema';

/**
 * How search text matches a product: every word as a prefix in the weighted search vector
 * (GIN products_search_idx), or the whole text close to the name by trigram word similarity
 * (GIN products_name_trgm_idx; the `<%` threshold is set per connection in db/client.ts),
 * which is what forgives a typo such as 'sampel pack'.
 */
export interface SearchMatch {
  where: SQL;
  rank: SQL<number>;
}

/** Letters and digits only: nothing the user types can become tsquery syntax. */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((word) => `${word}:*`).join(' & ');
}

export function searchMatch(text: string): SearchMatch {
  const tsQuery = prefixTsQuery(text);
  const trigram = sql`${text} <% ${products.name}`;
  const similarity = sql`word_similarity(${text}, ${products.name})`;
  if (!tsQuery) {
    return { where: trigram, rank: sql<number>`${similarity}` };
  }
  const query = sql`to_tsquery('english', ${tsQuery})`;
  return {
    where: sql`(${products.searchVector} @@ ${query} or ${trigram})`,
    rank: sql<number>`ts_rank(${products.searchVector}, ${query}) + ${similarity}`,
  };
}
