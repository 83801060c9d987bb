import { useSearchParams } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH, safeRedirectPath } from '#shared/auth';

/** Where to go after signing in: the `redirectTo` path if it is one of ours, else `fallback`. */
export function useRedirectTarget(fallback = DEFAULT_SIGNED_IN_PATH) {
  const [params] = useSearchParams();
  const raw = params.get('redirectTo');
  return { target: safeRedirectPath(raw, fallback), raw };
}
