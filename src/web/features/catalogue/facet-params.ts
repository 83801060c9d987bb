import { facetNames } from '#shared/facets';
import type { FacetParams } from '#web/api/catalogue';

/** A value as a vocabulary writes one ('lo-fi', 'F# minor'); the API refuses unknown ones. */
const VALUE = /^[\w# -]{1,40}$/;

const NUMBERS = ['bpmMin', 'bpmMax', 'priceMin', 'priceMax'] as const;

function wholeNumber(text: string | null): number | undefined {
  return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * The facet filters a /products address holds, with the API's names (?genre=trap&bpmMin=90):
 * a filtered view is a link to share, and each change is a history entry Back undoes. Only
 * their shape is read here (the vocabularies stay out of the first page's JavaScript): a value
 * the store does not know gets the API's 400, and the grid says it failed to load.
 */
export function facetParamsOf(search: URLSearchParams): FacetParams {
  const params: FacetParams = {};
  for (const name of facetNames) {
    const values = search.getAll(name).filter((value) => VALUE.test(value));
    if (values.length > 0) params[name] = [...new Set(values)];
  }
  for (const name of NUMBERS) {
    const value = wholeNumber(search.get(name));
    if (value !== undefined) params[name] = value;
  }
  if (search.get('onSale') === 'true') params.onSale = 'true';
  return params;
}

/**
 * How many filters a shopper has chosen, as the phone's 'Filters (n)' button counts them: each
 * value ticked, the BPM range and the price range once each (whichever ends they set), on sale.
 */
export function chosenFilterCount(params: FacetParams): number {
  const values = facetNames.reduce((sum, name) => sum + (params[name]?.length ?? 0), 0);
  const bpm = params.bpmMin !== undefined || params.bpmMax !== undefined ? 1 : 0;
  const price = params.priceMin !== undefined || params.priceMax !== undefined ? 1 : 0;
  return values + bpm + price + (params.onSale ? 1 : 0);
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
