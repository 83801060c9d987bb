import { productSortFields } from './catalogue-sorts';

/**
 * The facets of /products, zod-free: the shopper's first page imports them.
 * catalogue.ts's list query takes each of them, repeated for several values (OR within a
 * facet, AND across facets).
 */
export const facetNames = ['genre', 'instrument', 'key', 'format', 'os'] as const;
export type FacetName = (typeof facetNames)[number];

/** The list's orders with facets: the plain list's, by tempo, and by sales. */
export const facetSortFields = [...productSortFields, 'bpm', 'popularity'] as const;
export type FacetSortField = (typeof facetSortFields)[number];
