import { queryOptions } from '@tanstack/react-query';
import type { PhoneSettings } from '#shared/phone';
import { apiFetch } from './http';

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(`/api/auth${path}`, { method: 'POST', body: JSON.stringify(body) });

/** What the sign-in answer says when a second step is needed. */
export interface TwoFactorOffer {
  /** 'totp' (authenticator app, with backup codes) and 'otp' (a texted code). */
  twoFactorMethods?: string[];
  /** The end of the confirmed number a code would be texted to ("•••• 23"). */
  phoneNumberHint?: string;
}

/** Under the session's key (sessionKeys.all), so signing out drops it. */
export const phoneKeys = { settings: ['session', 'phone'] as const };

export const phoneSettingsQuery = queryOptions({
  queryKey: phoneKeys.settings,
  queryFn: () => apiFetch<PhoneSettings>('/api/account/phone'),
});

/**
 * The phone number on the account (better-auth's phone number routes) and the texted second step
 * (its two-factor "otp" routes).
 */
export const phoneApi = {
  sendCode: (phoneNumber: string) => post('/phone-number/send-otp', { phoneNumber }),
  /** Confirms the number and puts it on the signed-in account. */
  confirm: (phoneNumber: string, code: string) =>
    post('/phone-number/verify', { phoneNumber, code, updatePhoneNumber: true }),
  remove: () => post('/update-user', { phoneNumber: null }),
  /** Texts a second-step code: at sign-in, or to turn two-step sign-in on. */
  sendTwoFactorCode: () => post('/two-factor/send-otp', {}),
  verifyTwoFactorCode: (code: string, trustDevice = false) =>
    post('/two-factor/verify-otp', { code, trustDevice }),
  /** The authenticator app's code, and a backup code, with "trust this device" at sign-in. */
  verifyAppCode: (code: string, trustDevice: boolean) =>
    post('/two-factor/verify-totp', { code, trustDevice }),
  verifyBackupCode: (code: string, trustDevice: boolean) =>
    post('/two-factor/verify-backup-code', { code, trustDevice }),
};
