import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  countryFromInput,
  countryName,
  countryOfLocale,
  isCountryCode,
  isEuCountry,
  regionFromInput,
  regionLabel,
  regionsOf,
  usesPostalCode,
} from './countries';

describe('the country list', () => {
  it('holds every ISO 3166-1 country once, the spec’s four first, then by English name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(COUNTRIES.slice(0, 4).map((c) => c.name)).toEqual([
      'United States',
      'Canada',
      'United Kingdom',
      'Australia',
    ]);
    const rest = COUNTRIES.slice(4).map((c) => c.name);
    expect(rest.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(rest.at(-1)).toBe('Zimbabwe');
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['DE', 'Germany'],
    ['JP', 'Japan'],
    ['BR', 'Brazil'],
    ['CI', 'Côte d’Ivoire'],
    ['GB', 'United Kingdom'],
    ['United States', 'United States'],
  ])('names %s as %s', (code, name) => {
    expect(countryName(code)).toBe(name);
  });

  it.each([
    ['de', 'DE'],
    [' DE ', 'DE'],
    ['United States', 'US'],
    ['canada', 'CA'],
    ['United Kingdom', 'GB'],
    ['Australia', 'AU'],
    ['UK', null],
    ['XX', null],
    ['Germany', null],
    ['', null],
  ])('reads %j as %s', (text, code) => {
    expect(countryFromInput(text)).toBe(code);
  });

  it('knows codes, not names or retired codes', () => {
    expect(isCountryCode('FR')).toBe(true);
    expect(isCountryCode('fr')).toBe(false);
    expect(isCountryCode('AN')).toBe(false);
    expect(isCountryCode('toString')).toBe(false);
  });
});

describe('regions and postal codes', () => {
  it.each([
    ['US', 56, 'TX', 'Texas', 'State'],
    ['CA', 13, 'ON', 'Ontario', 'Province'],
    ['AU', 8, 'NSW', 'New South Wales', 'State'],
  ])('%s has %i regions, %s among them, labelled %s', (country, count, code, name, label) => {
    expect(regionsOf(country)).toHaveLength(count);
    expect(regionsOf(country)).toContainEqual({ code, name });
    expect(regionLabel(country)).toBe(label);
  });

  it.each(['DE', 'JP', 'BR', 'GB', 'FR', 'XX'])('asks %s for no region', (country) => {
    expect(regionsOf(country)).toEqual([]);
  });

  it.each([
    ['US', 'tx', 'TX'],
    ['US', 'Texas', 'TX'],
    ['US', 'new york', 'NY'],
    ['CA', 'Québec', 'QC'],
    ['AU', 'Victoria', 'VIC'],
    ['US', 'ON', null],
    ['DE', 'BY', null],
  ])('reads %s region %j as %s', (country, text, code) => {
    expect(regionFromInput(country, text)).toBe(code);
  });

  it.each([
    ['DE', true],
    ['US', true],
    ['IE', true],
    ['JP', true],
    ['HK', false],
    ['AE', false],
    ['QA', false],
    ['XX', false],
  ])('%s uses postal codes: %s', (country, uses) => {
    expect(usesPostalCode(country)).toBe(uses);
  });
});

describe('the browser’s locale and the EU', () => {
  it.each([
    ['de-DE', 'DE'],
    ['en-GB', 'GB'],
    ['pt_BR', 'BR'],
    ['zh-Hant-TW', 'TW'],
    ['de', null],
    ['en-001', null],
    [undefined, null],
  ])('reads %s as %s', (tag, code) => {
    expect(countryOfLocale(tag)).toBe(code);
  });

  it('counts 27 EU members, Germany but not the United Kingdom or Norway', () => {
    expect(['DE', 'FR', 'IE'].every(isEuCountry)).toBe(true);
    expect(['GB', 'NO', 'CH'].some(isEuCountry)).toBe(false);
  });
});
