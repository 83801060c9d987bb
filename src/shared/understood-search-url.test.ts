import { describe, expect, it } from 'vitest';
import { searchesAsFilters, understoodResultsUrl } from './understood-search-url';

const nothing = { bpm: null, key: null, genres: [], instruments: [], words: '' };

describe('the results page of an understood search', () => {
  it('carries the tempo window, genres, instruments and key as filters, and no words', () => {
    const url = understoodResultsUrl({
      ...nothing,
      bpm: { min: 90, max: 90 },
      genres: ['hip-hop'],
      instruments: ['808'],
      key: 'A minor',
    });
    expect(url).toBe('/products?genre=hip-hop&instrument=808&key=A+minor&bpmMin=87&bpmMax=93');
  });

  it('keeps the words left as the search, in a category', () => {
    expect(
      understoodResultsUrl({ ...nothing, genres: ['lo-fi'], words: 'casette' }, { category: 'x' }),
    ).toBe('/products?category=x&q=casette&genre=lo-fi');
  });

  it('drops words too short to search', () => {
    expect(understoodResultsUrl({ ...nothing, genres: ['trap'], words: 'a' })).toBe(
      '/products?genre=trap',
    );
  });
});

describe('a search that reads as filters', () => {
  it('has a tempo, a key, two named things, or one with words', () => {
    expect(searchesAsFilters({ ...nothing, bpm: { min: 90, max: 90 } })).toBe(true);
    expect(searchesAsFilters({ ...nothing, key: 'A minor' })).toBe(true);
    expect(searchesAsFilters({ ...nothing, genres: ['trap'], instruments: ['808'] })).toBe(true);
    expect(searchesAsFilters({ ...nothing, instruments: ['drums'], words: 'loops' })).toBe(true);
  });

  it('is not a single genre or instrument word, nor plain words', () => {
    expect(searchesAsFilters({ ...nothing, instruments: ['drums'] })).toBe(false);
    expect(searchesAsFilters({ ...nothing, words: 'glasshouse' })).toBe(false);
  });
});
