import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from './session-query';

/** Who is signed in: `user` is null for a visitor; `isError` when the check itself failed. */
export function useSession() {
  const { data, isPending, isError, refetch } = useQuery(sessionQuery);
  return { user: data?.user ?? null, isPending, isError, refetch };
}
