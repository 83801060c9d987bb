import { useSearchParams } from 'react-router';
import type { ProductListParams } from '../api/products';

/** What the list's URL may hold: the API's own query names. */
const KEYS = ['q', 'category', 'status', 'onSale', 'sort', 'order', 'page'] as const;
export type ListParam = (typeof KEYS)[number];

/**
 * The list's search, filters, sort and page, kept in the address: a reload, a bookmark or the
 * back button shows the same list. Any change but the page's own goes back to page 1.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params: ProductListParams = {};
  for (const key of KEYS) params[key] = search.get(key) || undefined;

  const set = (changes: Partial<Record<ListParam, string | undefined>>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      if (!('page' in changes)) next.delete('page');
      return next;
    });

  /** The address of another page of the same list. */
  const pageHref = (page: number) => {
    const next = new URLSearchParams(search);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const text = next.toString();
    return text ? `?${text}` : '?';
  };

  return { params, set, pageHref };
}
