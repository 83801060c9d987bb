import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address under the API's own query names: a reload, a
 * bookmark or Back shows the same list. Any change but the page's own goes back to page 1.
 */
export function useUrlParams<Key extends string>(keys: readonly Key[]) {
  const [search, setSearch] = useSearchParams();
  const params = {} as Record<Key, string | undefined>;
  for (const key of keys) params[key] = search.get(key) || undefined;

  const set = (changes: Partial<Record<Key, string | undefined>>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (typeof value === 'string' && value) next.set(key, value);
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
