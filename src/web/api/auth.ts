import { queryOptions } from '@tanstack/react-query';
import type { Account } from '#shared/account';
import { apiFetch } from './http';

/** The signed-in user as the session reports it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean;
  createdAt: string;
}

export interface SessionData {
  user: SessionUser;
  session: { expiresAt: string };
}

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });

/** null when nobody is signed in; an error only when the session check itself fails. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => apiFetch<SessionData | null>('/api/auth/get-session'),
  staleTime: 60_000,
  // Near expiry the server extends the session when asked; asking every few minutes keeps it fresh.
  refetchInterval: 5 * 60_000,
  retry: 1,
});

export const accountQuery = queryOptions({
  queryKey: ['session', 'account'],
  queryFn: () => apiFetch<Account>('/api/account'),
});

export const authApi = {
  signUp: (input: { email: string; password: string; name: string }) =>
    post<{ status: true }>('/sign-up/email', input),
  signIn: (input: { email: string; password: string }) =>
    post<{ twoFactorRedirect?: boolean }>('/sign-in/email', input),
  verifyTotp: (code: string) => post('/two-factor/verify-totp', { code }),
  verifyBackupCode: (code: string) => post('/two-factor/verify-backup-code', { code }),
  signOut: () => post('/sign-out'),
  requestPasswordReset: (email: string) =>
    post('/request-password-reset', { email, redirectTo: '/reset-password/confirm' }),
  resetPassword: (token: string, newPassword: string) =>
    post('/reset-password', { token, newPassword }),
  verifyEmail: (token: string) =>
    apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
  updateName: (name: string) => post('/update-user', { name }),
  enableTwoFactor: (password: string) =>
    post<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password }),
  disableTwoFactor: (password: string) => post('/two-factor/disable', { password }),
};
