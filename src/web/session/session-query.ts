import { queryOptions } from '@tanstack/react-query';
import type { Account } from '#shared/account';
import { apiFetch } from '#web/api/http';

/** The signed-in user as the session reports it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean;
  /** 'admin' for the store's admins (granted by `npm run admin`), else 'customer'. */
  role?: 'customer' | 'admin';
  createdAt: string;
}

export interface SessionData {
  user: SessionUser;
  session: { expiresAt: string };
}

/**
 * Everything cached for the signed-in visitor sits under `sessionKeys.all`: invalidating it
 * checks the session again and refreshes what hangs on it; signing out removes it all.
 */
export const sessionKeys = {
  all: ['session'] as const,
  account: () => [...sessionKeys.all, 'account'] as const,
};

/** null when nobody is signed in; an error only when the session check itself fails. */
export const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: () => apiFetch<SessionData | null>('/api/auth/get-session'),
  staleTime: 60_000,
  // Near expiry the server extends the session when asked; asking every few minutes keeps it fresh.
  refetchInterval: 5 * 60_000,
  retry: 1,
});

export const accountQuery = queryOptions({
  queryKey: sessionKeys.account(),
  queryFn: () => apiFetch<Account>('/api/account'),
});
