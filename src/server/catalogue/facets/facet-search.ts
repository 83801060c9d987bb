import type { FacetSortField, ProductFacets } from '#shared/catalogue';
import { musicKeys } from '#shared/music';
import type { SortDirection } from '../product-queries';
import { bitFacets, type FacetIndex } from './facet-index';

/** A list request's filters, as masks and bounds over the facet index's slots. */
export interface FacetFilters {
  /** The category's number in the index; null for every category. */
  category: number | null;
  /** Slots the search text matches (1); null without a search. */
  matches: Uint8Array | null;
  /** Masks of the vocabularies' bits; 0 when the facet is not filtered. */
  genre: number;
  instrument: number;
  format: number;
  os: number;
  /** Bit k: musicKeys[k]; 0 when not filtered. */
  key: number;
  /** Products whose tempo range overlaps; null when not filtered. */
  bpm: { min: number; max: number } | null;
  price: { min: number; max: number } | null;
  onSale: boolean;
}

/** Who passes every filter, how many, and the counts: what a filter's pages share. */
interface Counted {
  passes: Uint8Array;
  total: number;
  facets: ProductFacets;
}

export interface FacetResult {
  /** The page's slots in list order. */
  page: number[];
  total: number;
  facets: ProductFacets;
}

// The filter groups, as a product's one failed group is named.
const GENRE = 0;
const INSTRUMENT = 1;
const KEY = 2;
const FORMAT = 3;
const OS = 4;
const BPM = 5;
const PRICE = 6;
const ON_SALE = 7;

/** Where a list order starts and ends in an ascending order of slots, and which way it walks. */
function walks(index: FacetIndex, field: FacetSortField, direction: SortDirection) {
  const n = index.size;
  if (direction === 'asc') return [[0, n, 1]] as const;
  // Descending by tempo still puts products without one last.
  if (field === 'bpm') {
    return [
      [index.withTempo - 1, -1, -1],
      [n - 1, index.withTempo - 1, -1],
    ] as const;
  }
  return [[n - 1, -1, -1]] as const;
}

/**
 * A multi-valued facet's counts kept byte by byte: a product adds one to the tally of each byte
 * of its bits (the value of that byte), and the bits are counted once per byte value at the end,
 * not once per product: 3 increments for a product with any number of its 21 genres.
 */
class ByteTally {
  readonly bytes: number;
  private readonly tally: Int32Array;

  constructor(values: number) {
    this.bytes = Math.ceil(values / 8);
    this.tally = new Int32Array(this.bytes * 256);
  }

  /** Adds a product's bits, byte by byte (unrolled: no vocabulary passes 32 bits). */
  add(bits: number): void {
    const { tally, bytes } = this;
    tally[bits & 0xff]!++;
    if (bytes > 1) tally[256 + ((bits >>> 8) & 0xff)]!++;
    if (bytes > 2) tally[512 + ((bits >>> 16) & 0xff)]!++;
    if (bytes > 3) tally[768 + (bits >>> 24)]!++;
  }

  /** Each value's count: the counts of the byte values that hold its bit. */
  counts(): Int32Array {
    const counts = new Int32Array(this.bytes * 8);
    for (let byte = 0; byte < this.bytes; byte++) {
      for (let value = 1; value < 256; value++) {
        const count = this.tally[byte * 256 + value]!;
        if (count === 0) continue;
        for (let bit = 0; bit < 8; bit++) {
          if ((value >>> bit) & 1) counts[byte * 8 + bit]! += count;
        }
      }
    }
    return counts;
  }
}

/**
 * One pass over the active products: who passes, the total, and every facet's counts under the
 * other facets' filters (disjunctive faceting). A product that passes every filter counts toward
 * every facet; one that fails exactly one facet's filter counts only toward that facet, so each
 * value's count is what choosing it as well would show.
 */
function countFacets(index: FacetIndex, filters: FacetFilters): Counted {
  const genreTally = new ByteTally(bitFacets.genre.values.length);
  const instrumentTally = new ByteTally(bitFacets.instrument.values.length);
  const formatTally = new ByteTally(bitFacets.format.values.length);
  const osTally = new ByteTally(bitFacets.os.values.length);
  const keyCounts = new Int32Array(musicKeys.length);
  let bpmLow = Infinity;
  let bpmHigh = -Infinity;
  let priceLow = Infinity;
  let priceHigh = -Infinity;
  let onSaleCount = 0;
  let total = 0;

  const { category, matches, genre, instrument, format, os, key, bpm, price, onSale } = filters;
  const slotCategory = index.category;
  const slotGenre = index.genre;
  const slotInstrument = index.instrument;
  const slotFormat = index.format;
  const slotOs = index.os;
  const slotKey = index.key;
  const slotBpmMin = index.bpmMin;
  const slotBpmMax = index.bpmMax;
  const slotPrice = index.priceCents;
  const slotOnSale = index.onSale;
  const bpmMin = bpm?.min ?? 0;
  const bpmMax = bpm?.max ?? 0;
  const priceMin = price?.min ?? 0;
  const priceMax = price?.max ?? 0;

  // Counts do not depend on the order: one pass in slot order (the arrays read front to back),
  // marking who passes; then the list order is walked only as far as the page reaches.
  const passes = new Uint8Array(index.size);
  for (let slot = 0; slot < index.size; slot++) {
    // Category and search text are not facets: failing them leaves a product out of all.
    if (category !== null && slotCategory[slot] !== category) continue;
    if (matches !== null && matches[slot] === 0) continue;
    const genreBits = slotGenre[slot]!;
    const instrumentBits = slotInstrument[slot]!;
    const formatBits = slotFormat[slot]!;
    const osBits = slotOs[slot]!;
    const k = slotKey[slot]!;
    const low = slotBpmMin[slot]!;
    const cents = slotPrice[slot]!;
    let failed = -1;
    let fails = 0;
    if (genre !== 0 && (genreBits & genre) === 0) {
      failed = GENRE;
      fails++;
    }
    if (instrument !== 0 && (instrumentBits & instrument) === 0) {
      failed = INSTRUMENT;
      fails++;
    }
    if (key !== 0 && (k < 0 || ((key >>> k) & 1) === 0)) {
      failed = KEY;
      fails++;
    }
    if (fails < 2 && format !== 0 && (formatBits & format) === 0) {
      failed = FORMAT;
      fails++;
    }
    if (fails < 2 && os !== 0 && (osBits & os) === 0) {
      failed = OS;
      fails++;
    }
    if (fails < 2 && bpm !== null && (low === 0 || low > bpmMax || slotBpmMax[slot]! < bpmMin)) {
      failed = BPM;
      fails++;
    }
    if (fails < 2 && price !== null && (cents < priceMin || cents > priceMax)) {
      failed = PRICE;
      fails++;
    }
    if (fails < 2 && onSale && slotOnSale[slot] === 0) {
      failed = ON_SALE;
      fails++;
    }
    if (fails > 1) continue;
    const all = fails === 0;
    if (all) {
      passes[slot] = 1;
      total++;
    }
    if (all || failed === GENRE) genreTally.add(genreBits);
    if (all || failed === INSTRUMENT) instrumentTally.add(instrumentBits);
    if (all || failed === FORMAT) formatTally.add(formatBits);
    if (all || failed === OS) osTally.add(osBits);
    if ((all || failed === KEY) && k >= 0) keyCounts[k]!++;
    if ((all || failed === BPM) && low > 0) {
      if (low < bpmLow) bpmLow = low;
      if (slotBpmMax[slot]! > bpmHigh) bpmHigh = slotBpmMax[slot]!;
    }
    if (all || failed === PRICE) {
      if (cents < priceLow) priceLow = cents;
      if (cents > priceHigh) priceHigh = cents;
    }
    if (all || failed === ON_SALE) onSaleCount += slotOnSale[slot]!;
  }

  const listed = (values: readonly string[], tally: Int32Array) =>
    values.map((value, bit) => ({ value, count: tally[bit]! }));
  return {
    passes,
    total,
    facets: {
      genre: listed(bitFacets.genre.values, genreTally.counts()),
      instrument: listed(bitFacets.instrument.values, instrumentTally.counts()),
      key: listed(musicKeys, keyCounts),
      format: listed(bitFacets.format.values, formatTally.counts()),
      os: listed(bitFacets.os.values, osTally.counts()),
      bpm: bpmLow === Infinity ? { min: null, max: null } : { min: bpmLow, max: bpmHigh },
      price: priceLow === Infinity ? { min: null, max: null } : { min: priceLow, max: priceHigh },
      onSale: onSaleCount,
    },
  };
}

/** The page's slots: the list order walked only as far as the page reaches. */
function pageOf(
  index: FacetIndex,
  passes: Uint8Array,
  sort: { field: FacetSortField; direction: SortDirection },
  page: { limit: number; offset: number },
): number[] {
  const order = index.orders[sort.field];
  const pageEnd = page.offset + page.limit;
  const pageSlots: number[] = [];
  let seen = 0;
  walk: for (const [start, end, step] of walks(index, sort.field, sort.direction)) {
    for (let at = start; at !== end; at += step) {
      const slot = order[at]!;
      if (passes[slot] === 0) continue;
      if (seen >= pageEnd) break walk;
      if (seen >= page.offset) pageSlots.push(slot);
      seen++;
    }
  }

  return pageSlots;
}

/** Filters counted per index: 100,000 products take 100 kB each. */
const REMEMBERED_FILTERS = 64;

/**
 * A filtered page with every facet's counts. The counting is kept with the index under `key`
 * (the filters as the request wrote them) and dropped with it, so the next page of the same
 * filters, another order, or another visitor's same filters only walk the list order.
 */
export function searchFacets(
  index: FacetIndex,
  filters: FacetFilters,
  key: string,
  sort: { field: FacetSortField; direction: SortDirection },
  page: { limit: number; offset: number },
): FacetResult {
  let counted = index.counted.get(key);
  if (counted) {
    index.counted.delete(key);
  } else {
    counted = countFacets(index, filters);
    if (index.counted.size >= REMEMBERED_FILTERS) {
      index.counted.delete(index.counted.keys().next().value!);
    }
  }
  // Most recently used last: the first is the one forgotten.
  index.counted.set(key, counted);
  return {
    page: pageOf(index, counted.passes, sort, page),
    total: counted.total,
    facets: counted.facets,
  };
}
