import { apiFetch } from './http';

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });

/** A sign-in that may still owe the account's second factor. */
export interface InboxSignIn {
  twoFactorRedirect?: boolean;
}

/** Sign-in by a code or a link e-mailed to the address (better-auth's own paths). */
export const emailCodesApi = {
  sendCode: (email: string) =>
    post<{ success: boolean }>('/email-otp/send-verification-otp', { email, type: 'sign-in' }),
  signInWithCode: (email: string, otp: string) =>
    post<InboxSignIn>('/sign-in/email-otp', { email, otp }),
  /** The mailed link leads to /login/link, which goes on to `redirectTo` once signed in. */
  sendLink: (email: string, redirectTo: string) =>
    post<{ status: boolean }>('/sign-in/magic-link', { email, callbackURL: redirectTo }),
  signInWithLink: (token: string) =>
    apiFetch<InboxSignIn>(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`),
};
