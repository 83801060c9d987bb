import { queryOptions } from '@tanstack/react-query';
import type { PackItem } from '#shared/music';
import { catalogueKeys } from '#web/api/catalogue';
import { apiFetch } from '#web/api/http';
import { cacheTimes } from '#web/api/query-client';

/**
 * What a sample or MIDI pack holds, in list order; empty for other products. Here, not in
 * api/catalogue.ts, so it loads with the contents' own chunk, off the first page. Under the
 * catalogue's key, so an admin's write refreshes it with the rest.
 */
export const packContentsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'contents', id],
    queryFn: () =>
      apiFetch<{ data: PackItem[] }>(`/api/products/${encodeURIComponent(id)}/contents`).then(
        (r) => r.data,
      ),
    ...cacheTimes.products,
  });
