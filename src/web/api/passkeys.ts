import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeySummary } from '#shared/passkeys';
import { sessionKeys } from '#web/session/session-query';
import { apiFetch } from './http';

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(`/api/auth/passkey${path}`, { method: 'POST', body: JSON.stringify(body) });

/** The account's passkeys hang on the session: signing out forgets them. */
export const passkeyKeys = { all: () => [...sessionKeys.all, 'passkeys'] as const };

/** better-auth's passkey endpoints (its plugin's own paths under /api/auth/passkey). */
export const passkeysApi = {
  list: () => apiFetch<PasskeySummary[]>('/api/auth/passkey/list-user-passkeys'),
  registrationOptions: () =>
    apiFetch<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options'),
  verifyRegistration: (response: RegistrationResponseJSON, name: string) =>
    post<PasskeySummary>('/verify-registration', { response, name }),
  authenticationOptions: () =>
    apiFetch<PublicKeyCredentialRequestOptionsJSON>(
      '/api/auth/passkey/generate-authenticate-options',
    ),
  verifyAuthentication: (response: AuthenticationResponseJSON) =>
    post<{ user: { id: string } }>('/verify-authentication', { response }),
  rename: (id: string, name: string) => post('/update-passkey', { id, name }),
  remove: (id: string) => post('/delete-passkey', { id }),
};
