import { QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '#web/session/session-query';
import { ApiError } from './http';

const minutes = (n: number) => n * 60_000;

/** Query defaults: one retry, no refetch on window focus. */
export const cacheTimes = {
  products: { staleTime: minutes(5), gcTime: minutes(10) },
  categories: { staleTime: minutes(15), gcTime: minutes(30) },
  purchaseStatus: { staleTime: minutes(5) },
  orders: { staleTime: minutes(5) },
} as const;

/** The browser's one client, or one per page the server renders (ssr/render-page.tsx). */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    // A read answered 401 means the session ended on the server (signed out elsewhere, a
    // password reset, an admin's ban): the session is read again, so a signed-in page goes to
    // /login (RequireAuth) instead of showing its own load failure.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof ApiError) || error.status !== 401) return;
        if (query.queryKey[0] === sessionKeys.all[0]) return;
        void client.invalidateQueries({ queryKey: sessionKeys.all, exact: true });
      },
    }),
    defaultOptions: {
      // A 4xx answer (not found, invalid input) will not change on a second try.
      queries: {
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
