import { facetNames, type FacetName } from '#shared/catalogue';
import { BPM_LIMITS, formats, genres, instruments, musicKeys, systems } from '#shared/music';
import type { FacetParams } from '#web/api/catalogue';

/** Each facet's values and labels, in the panel's order. */
export const FACETS: readonly { name: FacetName; title: string; labels: Record<string, string> }[] =
  [
    { name: 'genre', title: 'Genre', labels: genres.labels },
    { name: 'instrument', title: 'Instrument', labels: instruments.labels },
    { name: 'key', title: 'Key', labels: Object.fromEntries(musicKeys.map((key) => [key, key])) },
    { name: 'format', title: 'Format', labels: formats.labels },
    { name: 'os', title: 'OS', labels: systems.labels },
  ];

const NUMBERS = ['bpmMin', 'bpmMax', 'priceMin', 'priceMax'] as const;

function wholeNumber(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/**
 * The facet filters a /products address holds, with the API's names (?genre=trap&bpmMin=90):
 * a filtered view is a link to share, and each change is a history entry Back undoes. Values
 * the store does not know are left out rather than refused.
 */
export function facetParamsOf(search: URLSearchParams): FacetParams {
  const params: FacetParams = {};
  for (const facet of FACETS) {
    const values = search.getAll(facet.name).filter((value) => value in facet.labels);
    if (values.length > 0) params[facet.name] = [...new Set(values)];
  }
  for (const name of NUMBERS) {
    const bpm = name.startsWith('bpm');
    const value = wholeNumber(
      search.get(name),
      bpm ? BPM_LIMITS.min : 0,
      bpm ? BPM_LIMITS.max : 100_000_000,
    );
    if (value !== undefined) params[name] = value;
  }
  if (search.get('onSale') === 'true') params.onSale = 'true';
  return params;
}

export function hasFacetFilters(params: FacetParams): boolean {
  return Object.keys(params).length > 0;
}

/** The address's search params with the facet filters replaced by `params`. */
export function withFacetParams(search: URLSearchParams, params: FacetParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of [...facetNames, ...NUMBERS, 'onSale']) next.delete(name);
  for (const name of facetNames) for (const value of params[name] ?? []) next.append(name, value);
  for (const name of NUMBERS) {
    const value = params[name];
    if (value !== undefined) next.set(name, String(value));
  }
  if (params.onSale) next.set('onSale', 'true');
  return next;
}
