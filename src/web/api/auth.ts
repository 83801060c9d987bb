import { apiFetch } from './http';

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });

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
  /** Other sessions are signed out; this one gets a fresh cookie. */
  changePassword: (currentPassword: string, newPassword: string) =>
    post('/change-password', { currentPassword, newPassword, revokeOtherSessions: true }),
  /** An account without a password (signed in by code or provider) confirms with its session. */
  enableTwoFactor: (password: string | null) =>
    post<{ totpURI: string; backupCodes: string[] }>(
      '/two-factor/enable',
      password === null ? {} : { password },
    ),
  disableTwoFactor: (password: string | null) =>
    post('/two-factor/disable', password === null ? {} : { password }),
};
