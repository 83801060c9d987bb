import { describe, expect, it } from 'vitest';
import type { ProductFacets } from '#shared/catalogue';
import { musicKeys } from '#shared/music';
import { bitFacets, indexMemos, type FacetIndex } from './facet-index';
import { searchFacets, type FacetFilters } from './facet-search';

/** A seeded catalogue of `size` products, random in every facet, ranked by price as the index is. */
function syntheticIndex(size: number, random: (n: number) => number): FacetIndex {
  const priceCents = Int32Array.from({ length: size }, () => random(60) * 100);
  const byPrice = Int32Array.from({ length: size }, (_, i) => i).sort(
    (a, b) => priceCents[a]! - priceCents[b]! || a - b,
  );
  const inOrder = Int32Array.from({ length: size }, (_, i) => i);
  const bits = (values: number) => Uint32Array.from({ length: size }, () => random(2 ** values));
  return {
    size,
    ids: [],
    slotOf: new Map(),
    categoryOf: new Map(),
    category: Int32Array.from({ length: size }, () => random(4) - 1),
    priceCents,
    bpmMin: Int16Array.from({ length: size }, () => (random(3) === 0 ? 0 : 60 + random(100))),
    bpmMax: Int16Array.from({ length: size }, () => 160 + random(30)),
    key: Int8Array.from({ length: size }, () => random(musicKeys.length + 1) - 1),
    genre: bits(bitFacets.genre.values.length),
    instrument: bits(bitFacets.instrument.values.length),
    format: bits(bitFacets.format.values.length),
    os: bits(bitFacets.os.values.length),
    onSale: Uint8Array.from({ length: size }, () => (random(4) === 0 ? 1 : 0)),
    orders: {
      created_at: inOrder,
      updated_at: inOrder,
      price: byPrice,
      name: inOrder,
      bpm: inOrder,
      popularity: inOrder,
    },
    withTempo: size,
    builtAt: 0,
    ...indexMemos(),
  };
}

type Group = 'genre' | 'instrument' | 'key' | 'format' | 'os' | 'bpm' | 'price' | 'onSale';

/** Each facet counted the plain way: over the products that pass every filter but its own. */
function expectedFacets(
  index: FacetIndex,
  f: FacetFilters,
): { total: number; facets: ProductFacets } {
  const passes = (slot: number, except: Group | null) => {
    const test: Record<Group, () => boolean> = {
      genre: () => f.genre === 0 || (index.genre[slot]! & f.genre) !== 0,
      instrument: () => f.instrument === 0 || (index.instrument[slot]! & f.instrument) !== 0,
      key: () => f.key === 0 || (index.key[slot]! >= 0 && ((f.key >>> index.key[slot]!) & 1) === 1),
      format: () => f.format === 0 || (index.format[slot]! & f.format) !== 0,
      os: () => f.os === 0 || (index.os[slot]! & f.os) !== 0,
      bpm: () =>
        f.bpm === null ||
        (index.bpmMin[slot]! > 0 &&
          index.bpmMin[slot]! <= f.bpm.max &&
          index.bpmMax[slot]! >= f.bpm.min),
      price: () =>
        f.price === null ||
        (index.priceCents[slot]! >= f.price.min && index.priceCents[slot]! <= f.price.max),
      onSale: () => !f.onSale || index.onSale[slot] === 1,
    };
    if (f.category !== null && index.category[slot] !== f.category) return false;
    if (f.matches !== null && f.matches[slot] === 0) return false;
    return (Object.keys(test) as Group[]).every((group) => group === except || test[group]());
  };
  const slots = (except: Group | null) =>
    Array.from({ length: index.size }, (_, slot) => slot).filter((slot) => passes(slot, except));
  const values = (facet: 'genre' | 'instrument' | 'format' | 'os') =>
    bitFacets[facet].values.map((value, bit) => ({
      value,
      count: slots(facet).filter((slot) => (index[facet][slot]! >>> bit) & 1).length,
    }));
  const range = (list: number[]) =>
    list.length ? { min: Math.min(...list), max: Math.max(...list) } : { min: null, max: null };
  const tempos = slots('bpm').filter((slot) => index.bpmMin[slot]! > 0);
  return {
    total: slots(null).length,
    facets: {
      genre: values('genre'),
      instrument: values('instrument'),
      key: musicKeys.map((value, k) => ({
        value,
        count: slots('key').filter((slot) => index.key[slot] === k).length,
      })),
      format: values('format'),
      os: values('os'),
      bpm: tempos.length
        ? {
            min: Math.min(...tempos.map((slot) => index.bpmMin[slot]!)),
            max: Math.max(...tempos.map((slot) => index.bpmMax[slot]!)),
          }
        : { min: null, max: null },
      price: range(slots('price').map((slot) => index.priceCents[slot]!)),
      onSale: slots('onSale').filter((slot) => index.onSale[slot] === 1).length,
    },
  };
}

describe('searchFacets', () => {
  it('counts price ranges from a ladder of the other filters as the plain count does, however the range moves', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    // Large enough for the ladder's blocks of tallies (2,048 products each) to be used.
    const index = syntheticIndex(9_000, random);
    for (let round = 0; round < 12; round++) {
      const others = {
        category: random(2) ? random(3) : null,
        matches: random(4) === 0 ? Uint8Array.from({ length: index.size }, () => random(2)) : null,
        genre: random(2) ? random(2 ** 21) : 0,
        instrument: random(3) === 0 ? random(2 ** 12) : 0,
        format: random(3) === 0 ? random(2 ** 6) : 0,
        os: random(3) === 0 ? random(2 ** 3) : 0,
        key: random(3) === 0 ? random(2 ** 24) : 0,
        bpm: random(3) === 0 ? { min: 60 + random(60), max: 120 + random(80) } : null,
        onSale: random(4) === 0,
      };
      // A slider: several ranges over the same other filters, narrow and wide.
      for (const [min, max] of [
        [0, 6000],
        [random(3000), 3000 + random(3000)],
        [2500, 2500],
        [0, random(6000)],
        [100, 5800],
      ] as const) {
        const filters = { ...others, price: { min, max } };
        const found = searchFacets(
          index,
          filters,
          { filters: `${round}:${min}-${max}`, besidesPrice: String(round) },
          { field: 'price', direction: 'asc' },
          { limit: 5, offset: 0 },
        );
        const expected = expectedFacets(index, filters);
        expect({ total: found.total, facets: found.facets }).toEqual(expected);
      }
    }
  });
});
