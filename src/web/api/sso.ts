import { apiFetch } from './http';

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });

/** One of the account's ways in as better-auth lists them (`credential` is the password). */
export interface LinkedAccount {
  /** The row's id, which unlinking names. */
  id: string;
  providerId: string;
  /** When it was linked. */
  createdAt: string;
}

/** Where the provider's page is: the browser goes there next. */
interface ProviderRedirect {
  url: string;
}

/**
 * Single sign-on through better-auth's own routes: start a sign-in or a link (the answer is the
 * provider's address; its callback comes back to `callbackURL`, or to `errorCallbackURL` with
 * `?error=<code>`), list the account's ways in, and unlink one.
 */
export const ssoApi = {
  signIn: (provider: string, callbackURL: string, errorCallbackURL: string) =>
    post<ProviderRedirect>('/sign-in/social', {
      provider,
      callbackURL,
      errorCallbackURL,
      disableRedirect: true,
    }),
  link: (provider: string) =>
    post<ProviderRedirect>('/link-social', {
      provider,
      callbackURL: '/profile',
      errorCallbackURL: '/profile',
      disableRedirect: true,
    }),
  listAccounts: () => apiFetch<LinkedAccount[]>('/api/auth/list-accounts'),
  unlink: (accountId: string) => post<{ status: boolean }>('/unlink-account', { accountId }),
};

export const ssoKeys = { accounts: ['auth', 'accounts'] as const };
