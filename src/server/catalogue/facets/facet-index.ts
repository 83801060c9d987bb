import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { ProductFacets } from '#shared/catalogue';
import { formats, genres, instruments, musicKeys, systems } from '#shared/music';
import { queryRows, type Db } from '../../db/client';
import { joinedOnSaleSql, joinedSalePriceSql, runningSalesJoin } from '../../sales/sale-prices';

/**
 * The active products' facet fields as typed arrays, one slot per product: what one
 * pass per list request reads to find a filtered page and every facet's live counts, which
 * GROUP BYs over 100,000 rows per request could not do at the rate the store must answer.
 *
 * A derived read cache, like the search's typo corrections (search-words.ts): built from the
 * database with one query and dropped whenever the catalogue changes (facet-cache.ts hears
 * catalogue-changes.ts, which every process hears through LISTEN/NOTIFY). It holds no session,
 * limit or file (docs/decisions.md keeps those out of process memory), only what the database says.
 */
export interface FacetIndex {
  size: number;
  ids: string[];
  slotOf: Map<string, number>;
  /** Category slug → the small number `category` holds (categories with no product included). */
  categoryOf: Map<string, number>;
  /** -1 without a category. */
  category: Int32Array;
  priceCents: Int32Array;
  /** 0 without a tempo (BPM_LIMITS.min is above 0). */
  bpmMin: Int16Array;
  bpmMax: Int16Array;
  /** The position in musicKeys; -1 without a key. */
  key: Int8Array;
  /** Bit i set: the product carries the vocabulary's value i (#shared/music's order). */
  genre: Uint32Array;
  instrument: Uint32Array;
  format: Uint32Array;
  os: Uint32Array;
  onSale: Uint8Array;
  /**
   * Slots in each list order, ascending, ranked by PostgreSQL itself (so names sort by the
   * database's collation and ties go by id exactly as the plain list's ORDER BY does). The bpm
   * order puts products without a tempo last; `withTempo` of them come first.
   */
  orders: Record<'created_at' | 'updated_at' | 'price' | 'name' | 'bpm' | 'popularity', Int32Array>;
  withTempo: number;
  builtAt: number;
  /**
   * Search texts' matching slots (facet-list.ts), kept with the index they index and dropped
   * with it: a search repeats, and reading all of a common word's matches costs far more than
   * the pass.
   */
  searches: LRUCache<string, Uint8Array>;
  /** Filters' counts (facet-search.ts), kept and dropped the same way. */
  counted: LRUCache<string, { passes: Uint8Array; total: number; facets: ProductFacets }>;
}

/** Searches remembered per index: 100,000 products take 100 kB a search. */
const REMEMBERED_SEARCHES = 200;
/** Filters counted per index: 100,000 products take 100 kB each. */
const REMEMBERED_FILTERS = 64;

/** A new index's remembered searches and counts, the least recently used forgotten first. */
export const indexMemos = (): Pick<FacetIndex, 'searches' | 'counted'> => ({
  searches: new LRUCache({ max: REMEMBERED_SEARCHES }),
  counted: new LRUCache({ max: REMEMBERED_FILTERS }),
});

/** Every multi-valued facet, with its column and vocabulary. */
export const bitFacets = {
  genre: { column: 'genres', values: genres.values },
  instrument: { column: 'instruments', values: instruments.values },
  format: { column: 'formats', values: formats.values },
  os: { column: 'systems', values: systems.values },
} as const;
export type BitFacet = keyof typeof bitFacets;

/** `column`'s values as bits of the vocabulary's order (no vocabulary has 32 values). */
function bitsOf(column: string, values: readonly string[]) {
  const vocabulary = sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;
  return sql`(select coalesce(sum(1::bigint << (array_position(${vocabulary}, v) - 1)), 0)::bigint
    from unnest(${sql.identifier(column)}) v)`;
}

interface IndexRow {
  id: string;
  category: string | null;
  price: number;
  bpm_min: number | null;
  bpm_max: number | null;
  key: number | null;
  genre: string;
  instrument: string;
  format: string;
  os: string;
  on_sale: boolean;
  r_created: number;
  r_updated: number;
  r_price: number;
  r_name: number;
  r_bpm: number;
  r_sales: number;
}

/**
 * Reads every active product's facet fields and list ranks in one query. The price and on-sale
 * facets and the price order are the store's now, running automatic sales included
 * (sales/sale-prices.ts); the sale clock drops the index when a sale starts or ends.
 */
export async function buildFacetIndex(db: Db): Promise<FacetIndex> {
  const keys = sql`${`{${musicKeys.map((k) => `"${k}"`).join(',')}}`}::text[]`;
  const rank = (order: string) => sql.raw(`(row_number() over (order by ${order}) - 1)::integer`);
  const [rows, categoryRows] = await Promise.all([
    queryRows<IndexRow>(
      db,
      sql`select id, category_id as category, sale_price as price, bpm_min, bpm_max,
        (array_position(${keys}, music_key) - 1)::integer as key,
        ${bitsOf('genres', genres.values)} as genre,
        ${bitsOf('instruments', instruments.values)} as instrument,
        ${bitsOf('formats', formats.values)} as format,
        ${bitsOf('systems', systems.values)} as os,
        shown_on_sale as on_sale,
        ${rank('created_at, id')} as r_created,
        ${rank('updated_at, id')} as r_updated,
        ${rank('sale_price, id')} as r_price,
        ${rank('name, id')} as r_name,
        ${rank('bpm_min nulls last, bpm_max, id')} as r_bpm,
        ${rank('sales_count, id')} as r_sales
      from (select products.*, ${joinedSalePriceSql} as sale_price, ${joinedOnSaleSql} as shown_on_sale
        from products ${runningSalesJoin} where products.is_active) p`,
    ),
    queryRows<{ id: string; slug: string }>(db, sql`select id, slug from categories`),
  ]);
  const size = rows.length;
  const categoryNumber = new Map(categoryRows.map((row, n) => [row.id, n]));
  const index: FacetIndex = {
    size,
    ids: new Array<string>(size),
    slotOf: new Map(),
    categoryOf: new Map(categoryRows.map((row, n) => [row.slug, n])),
    category: new Int32Array(size),
    priceCents: new Int32Array(size),
    bpmMin: new Int16Array(size),
    bpmMax: new Int16Array(size),
    key: new Int8Array(size),
    genre: new Uint32Array(size),
    instrument: new Uint32Array(size),
    format: new Uint32Array(size),
    os: new Uint32Array(size),
    onSale: new Uint8Array(size),
    orders: {
      created_at: new Int32Array(size),
      updated_at: new Int32Array(size),
      price: new Int32Array(size),
      name: new Int32Array(size),
      bpm: new Int32Array(size),
      popularity: new Int32Array(size),
    },
    withTempo: 0,
    builtAt: Date.now(),
    ...indexMemos(),
  };
  rows.forEach((row, slot) => {
    index.ids[slot] = row.id;
    index.slotOf.set(row.id, slot);
    index.category[slot] = row.category === null ? -1 : (categoryNumber.get(row.category) ?? -1);
    index.priceCents[slot] = row.price;
    index.bpmMin[slot] = row.bpm_min ?? 0;
    index.bpmMax[slot] = row.bpm_max ?? 0;
    if (row.bpm_min !== null) index.withTempo++;
    index.key[slot] = row.key ?? -1;
    index.genre[slot] = Number(row.genre);
    index.instrument[slot] = Number(row.instrument);
    index.format[slot] = Number(row.format);
    index.os[slot] = Number(row.os);
    index.onSale[slot] = row.on_sale ? 1 : 0;
    index.orders.created_at[Number(row.r_created)] = slot;
    index.orders.updated_at[Number(row.r_updated)] = slot;
    index.orders.price[Number(row.r_price)] = slot;
    index.orders.name[Number(row.r_name)] = slot;
    index.orders.bpm[Number(row.r_bpm)] = slot;
    index.orders.popularity[Number(row.r_sales)] = slot;
  });
  return index;
}
