import { LRUCache } from 'lru-cache';
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

  /** Adds another tally of the same vocabulary. */
  merge(other: ByteTally): void {
    const { tally } = this;
    for (let i = 0; i < tally.length; i++) tally[i]! += other.tally[i]!;
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
 * Every facet's counts as products are added: a product that passes every filter (`failed` -1)
 * counts toward every facet; one that fails exactly one facet's filter counts only toward that
 * facet, so each value's count is what choosing it as well would show (disjunctive faceting).
 */
class Tallies {
  private readonly genre = new ByteTally(bitFacets.genre.values.length);
  private readonly instrument = new ByteTally(bitFacets.instrument.values.length);
  private readonly format = new ByteTally(bitFacets.format.values.length);
  private readonly os = new ByteTally(bitFacets.os.values.length);
  private readonly keys = new Int32Array(musicKeys.length);
  private bpmLow = Infinity;
  private bpmHigh = -Infinity;
  priceLow = Infinity;
  priceHigh = -Infinity;
  private onSale = 0;

  constructor(private readonly index: FacetIndex) {}

  add(slot: number, failed: number): void {
    const { index } = this;
    const all = failed === -1;
    if (all || failed === GENRE) this.genre.add(index.genre[slot]!);
    if (all || failed === INSTRUMENT) this.instrument.add(index.instrument[slot]!);
    if (all || failed === FORMAT) this.format.add(index.format[slot]!);
    if (all || failed === OS) this.os.add(index.os[slot]!);
    if (all || failed === KEY) {
      const k = index.key[slot]!;
      if (k >= 0) this.keys[k]!++;
    }
    if (all || failed === BPM) {
      const low = index.bpmMin[slot]!;
      if (low > 0) {
        if (low < this.bpmLow) this.bpmLow = low;
        if (index.bpmMax[slot]! > this.bpmHigh) this.bpmHigh = index.bpmMax[slot]!;
      }
    }
    if (all || failed === PRICE) {
      const cents = index.priceCents[slot]!;
      if (cents < this.priceLow) this.priceLow = cents;
      if (cents > this.priceHigh) this.priceHigh = cents;
    }
    if (all || failed === ON_SALE) this.onSale += index.onSale[slot]!;
  }

  /** Adds what another set of tallies counted (a price ladder's block). */
  merge(other: Tallies): void {
    this.genre.merge(other.genre);
    this.instrument.merge(other.instrument);
    this.format.merge(other.format);
    this.os.merge(other.os);
    for (let k = 0; k < this.keys.length; k++) this.keys[k]! += other.keys[k]!;
    this.bpmLow = Math.min(this.bpmLow, other.bpmLow);
    this.bpmHigh = Math.max(this.bpmHigh, other.bpmHigh);
    this.onSale += other.onSale;
  }

  facets(): ProductFacets {
    const listed = (values: readonly string[], tally: Int32Array) =>
      values.map((value, bit) => ({ value, count: tally[bit]! }));
    const range = (low: number, high: number) =>
      low === Infinity ? { min: null, max: null } : { min: low, max: high };
    return {
      genre: listed(bitFacets.genre.values, this.genre.counts()),
      instrument: listed(bitFacets.instrument.values, this.instrument.counts()),
      key: listed(musicKeys, this.keys),
      format: listed(bitFacets.format.values, this.format.counts()),
      os: listed(bitFacets.os.values, this.os.counts()),
      bpm: range(this.bpmLow, this.bpmHigh),
      price: range(this.priceLow, this.priceHigh),
      onSale: this.onSale,
    };
  }
}

/** Two filters or more failed, or the category or the search text: counted nowhere. */
const LEFT_OUT = -2;

/**
 * A test of a product's slot: the filter it fails, -1 for none, a filter group when it fails that
 * one alone, LEFT_OUT otherwise. `withPrice: false` leaves the price filter out (a price ladder's
 * question). The filters and arrays are read once, here, not once per product.
 */
function failedFilterTest(index: FacetIndex, filters: FacetFilters, withPrice: boolean) {
  const { category, matches, genre, instrument, format, os, key, bpm, onSale } = filters;
  const price = withPrice ? filters.price : null;
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
  return (slot: number): number => {
    if (category !== null && slotCategory[slot] !== category) return LEFT_OUT;
    if (matches !== null && matches[slot] === 0) return LEFT_OUT;
    // Written out rather than through a helper: a closure over `failed` and `fails` would keep
    // them in memory rather than in registers, in the loop every count runs 100,000 times.
    let failed = -1;
    let fails = 0;
    if (genre !== 0 && (slotGenre[slot]! & genre) === 0) {
      failed = GENRE;
      fails++;
    }
    if (instrument !== 0 && (slotInstrument[slot]! & instrument) === 0) {
      failed = INSTRUMENT;
      fails++;
    }
    if (key !== 0) {
      const k = slotKey[slot]!;
      if (k < 0 || ((key >>> k) & 1) === 0) {
        failed = KEY;
        fails++;
      }
    }
    if (fails < 2 && format !== 0 && (slotFormat[slot]! & format) === 0) {
      failed = FORMAT;
      fails++;
    }
    if (fails < 2 && os !== 0 && (slotOs[slot]! & os) === 0) {
      failed = OS;
      fails++;
    }
    if (fails < 2 && bpm !== null) {
      const low = slotBpmMin[slot]!;
      if (low === 0 || low > bpmMax || slotBpmMax[slot]! < bpmMin) {
        failed = BPM;
        fails++;
      }
    }
    if (fails < 2 && price !== null) {
      const cents = slotPrice[slot]!;
      if (cents < priceMin || cents > priceMax) {
        failed = PRICE;
        fails++;
      }
    }
    if (fails < 2 && onSale && slotOnSale[slot] === 0) {
      failed = ON_SALE;
      fails++;
    }
    return fails > 1 ? LEFT_OUT : failed;
  };
}

/** One pass over the active products: who passes, the total, and every facet's counts. */
function countFacets(index: FacetIndex, filters: FacetFilters): Counted {
  const tallies = new Tallies(index);
  // Counts do not depend on the order: one pass in slot order (the arrays read front to back),
  // marking who passes; then the list order is walked only as far as the page reaches.
  const passes = new Uint8Array(index.size);
  let total = 0;
  const failedFilter = failedFilterTest(index, filters, true);
  for (let slot = 0; slot < index.size; slot++) {
    const failed = failedFilter(slot);
    if (failed === LEFT_OUT) continue;
    if (failed === -1) {
      passes[slot] = 1;
      total++;
    }
    tallies.add(slot, failed);
  }
  return { passes, total, facets: tallies.facets() };
}

/**
 * For one set of filters besides price: the products that fail none of them or one alone, in
 * price order, with the one they fail (-1: none). A price range then counts the products inside
 * it only, however the range moves (a price slider asks for a new one at every step), instead of
 * a pass over the whole catalogue each time.
 */
interface PriceLadder {
  slots: Int32Array;
  prices: Int32Array;
  failed: Int8Array;
  /** Each LADDER_BLOCK positions' tallies, so a wide range adds blocks, not products. */
  blocks: Tallies[];
  /** The price facet's range: over the products that pass every filter but price. */
  priceLow: number;
  priceHigh: number;
}

function priceLadder(index: FacetIndex, filters: FacetFilters): PriceLadder {
  // Ranked by the same price the index holds (the sale price: facet-index.ts), so the ladder's
  // prices ascend and a range is found by two binary searches.
  const order = index.orders.price;
  const slots = new Int32Array(index.size);
  const failedOf = new Int8Array(index.size);
  const tallies = new Tallies(index);
  let size = 0;
  const failedFilter = failedFilterTest(index, filters, false);
  for (let at = 0; at < order.length; at++) {
    const slot = order[at]!;
    const failed = failedFilter(slot);
    if (failed === LEFT_OUT) continue;
    slots[size] = slot;
    failedOf[size] = failed;
    size++;
    if (failed === -1) tallies.add(slot, PRICE);
  }
  const kept = slots.slice(0, size);
  const blocks: Tallies[] = [];
  for (let start = 0; start + LADDER_BLOCK <= size; start += LADDER_BLOCK) {
    const block = new Tallies(index);
    for (let at = start; at < start + LADDER_BLOCK; at++) block.add(kept[at]!, failedOf[at]!);
    blocks.push(block);
  }
  return {
    slots: kept,
    prices: Int32Array.from(kept, (slot) => index.priceCents[slot]!),
    failed: failedOf.slice(0, size),
    blocks,
    priceLow: tallies.priceLow,
    priceHigh: tallies.priceHigh,
  };
}

/** Ladder positions per block of tallies: 49 blocks of about 7 kB for 100,000 products. */
const LADDER_BLOCK = 2048;

/** The first position of `prices` (ascending) holding at least `price`. */
function firstAtLeast(prices: Int32Array, price: number): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < price) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** countFacets' answer for filters with a price range, from the ladder of the other filters. */
function countInRange(index: FacetIndex, ladder: PriceLadder, range: { min: number; max: number }) {
  const { slots, failed } = ladder;
  const from = firstAtLeast(ladder.prices, range.min);
  const to = firstAtLeast(ladder.prices, range.max + 1);
  const passes = new Uint8Array(index.size);
  let total = 0;
  for (let at = from; at < to; at++) {
    if (failed[at] === -1) {
      passes[slots[at]!] = 1;
      total++;
    }
  }
  // Whole blocks inside the range are added as blocks; the products at its two ends one by one.
  const tallies = new Tallies(index);
  const addEach = (start: number, end: number) => {
    for (let at = start; at < end; at++) tallies.add(slots[at]!, failed[at]!);
  };
  const firstBlock = Math.ceil(from / LADDER_BLOCK);
  const endBlock = Math.floor(to / LADDER_BLOCK);
  if (firstBlock >= endBlock) {
    addEach(from, to);
  } else {
    addEach(from, firstBlock * LADDER_BLOCK);
    for (let block = firstBlock; block < endBlock; block++) tallies.merge(ladder.blocks[block]!);
    addEach(endBlock * LADDER_BLOCK, to);
  }
  // The price facet is the ladder's: it counts the products outside the range too.
  const facets = tallies.facets();
  facets.price =
    ladder.priceLow === Infinity
      ? { min: null, max: null }
      : { min: ladder.priceLow, max: ladder.priceHigh };
  return { passes, total, facets };
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

/** Price ladders per index: up to 1.3 MB each for 100,000 products (positions and blocks). */
const REMEMBERED_LADDERS = 8;

/** Each index's price ladders, by the filters besides price: dropped with the index. */
const laddersOf = new WeakMap<FacetIndex, LRUCache<string, PriceLadder>>();

function laddersFor(index: FacetIndex): LRUCache<string, PriceLadder> {
  let ladders = laddersOf.get(index);
  if (!ladders) laddersOf.set(index, (ladders = new LRUCache({ max: REMEMBERED_LADDERS })));
  return ladders;
}

/** `cache`'s entry for `key`, made by `make` when missing. */
function remembered<T extends object>(cache: LRUCache<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value;
}

/**
 * A filtered page with every facet's counts. The counting is kept with the index under
 * `keys.filters` (the filters as the request wrote them) and dropped with it, so the next page of
 * the same filters, another order, or another visitor's same filters only walk the list order.
 * With a price range, the count comes from the ladder of the other filters (`keys.besidesPrice`),
 * kept the same way.
 */
export function searchFacets(
  index: FacetIndex,
  filters: FacetFilters,
  keys: { filters: string; besidesPrice: string },
  sort: { field: FacetSortField; direction: SortDirection },
  page: { limit: number; offset: number },
): FacetResult {
  const { price } = filters;
  const counted = remembered(index.counted, keys.filters, () =>
    price === null
      ? countFacets(index, filters)
      : countInRange(
          index,
          remembered(laddersFor(index), keys.besidesPrice, () => priceLadder(index, filters)),
          price,
        ),
  );
  return {
    page: pageOf(index, counted.passes, sort, page),
    total: counted.total,
    facets: counted.facets,
  };
}
