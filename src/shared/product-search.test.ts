import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_CHARS, SEARCH_MIN_CHARS } from './catalogue-limits';
import { productListQuerySchema, searchQuerySchema } from './catalogue';
import { searchResultsUrl, searchTerm } from './product-search';

describe('searchTerm', () => {
  it.each([
    ['trimmed', '  drum loops \n', 'drum loops'],
    ['two characters are a search', 'dr', 'dr'],
    ['one character is none', 'd', null],
    ['one character and spaces is none', '  d  ', null],
    ['blank is none', '   ', null],
    ['empty is none', '', null],
    ['absent is none', null, null],
    ['undefined is none', undefined, null],
  ])('%s', (_label, raw, expected) => {
    expect(searchTerm(raw)).toBe(expected);
  });

  it('cuts a long text to the longest the API reads', () => {
    expect(searchTerm('a'.repeat(SEARCH_MAX_CHARS + 50))).toBe('a'.repeat(SEARCH_MAX_CHARS));
  });

  it('counts an emoji as one character, never cut in half; does not end on a space', () => {
    expect(searchTerm('🥁')).toBeNull();
    expect(searchTerm('🥁🥁')).toBe('🥁🥁');
    const emoji = `${'a'.repeat(SEARCH_MAX_CHARS - 1)}🥁🥁`;
    expect(searchTerm(emoji)).toBe(`${'a'.repeat(SEARCH_MAX_CHARS - 1)}🥁`);
    const spaced = `${'a'.repeat(SEARCH_MAX_CHARS - 1)} b`;
    expect(searchTerm(spaced)).toBe('a'.repeat(SEARCH_MAX_CHARS - 1));
  });

  it('gives only what both the search and the product list accept', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: SEARCH_MAX_CHARS * 2, unit: 'binary' }), (raw) => {
        const term = searchTerm(raw);
        if (term === null) {
          expect(Array.from(raw.trim()).length).toBeLessThan(SEARCH_MIN_CHARS);
          expect(searchQuerySchema.safeParse({ q: raw }).success).toBe(false);
          return;
        }
        expect(searchQuerySchema.parse({ q: term }).q).toBe(term);
        expect(productListQuerySchema.parse({ q: term }).q).toBe(term);
        expect(searchTerm(term)).toBe(term);
      }),
    );
  });
});

describe('searchResultsUrl', () => {
  it('names the words in q, encoded', () => {
    expect(searchResultsUrl('lo-fi & tape')).toBe('/products?q=lo-fi+%26+tape');
    expect(new URL(searchResultsUrl('50% off?'), 'http://x').searchParams.get('q')).toBe(
      '50% off?',
    );
  });

  it('keeps a category', () => {
    expect(searchResultsUrl('reverb', { category: 'plugins' })).toBe(
      '/products?category=plugins&q=reverb',
    );
  });
});
