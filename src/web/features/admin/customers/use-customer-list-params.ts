import { useSearchParams } from 'react-router';
import type { CustomerListParams } from '../api/customers';

/**
 * The list's search and page, kept in the address: a reload, a bookmark or the back button shows
 * the same list. A new search goes back to page 1.
 */
export function useCustomerListParams() {
  const [search, setSearch] = useSearchParams();
  const params: CustomerListParams = {
    q: search.get('q') || undefined,
    page: search.get('page') || undefined,
  };

  const setQuery = (q: string) =>
    setSearch(() => {
      const next = new URLSearchParams();
      if (q) next.set('q', q);
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

  return { params, setQuery, pageHref };
}
