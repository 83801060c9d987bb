/**
 * The fixed numbers of catalogue reads (page sizes, search lengths), apart from the zod schemas
 * in catalogue.ts: the browser imports these without pulling zod into its bundle.
 */
export const PRODUCT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const FEATURED_DEFAULT = 3;
export const RELATED_COUNT = 3;
export const SEARCH_MIN_CHARS = 2;
/** The longest search text the API reads. */
export const SEARCH_MAX_CHARS = 200;
export const SEARCH_RESULT_COUNT = 6;
export const SEARCH_DEBOUNCE_MS = 300;
