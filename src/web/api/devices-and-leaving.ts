import { queryOptions } from '@tanstack/react-query';
import { leavingMessages } from '#shared/account-leaving';
import { describeDevice } from '#shared/devices';
import { sessionKeys } from '#web/session/session-query';
import { ApiError, apiFetch } from './http';

/** One signed-in session as /api/auth/list-sessions answers it (its token is never sent). */
interface ListedSession {
  id: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A device in the devices list: where a session is, and whether it is this browser's. */
export interface Device {
  id: string;
  browser: string;
  system: string;
  ipAddress: string | null;
  /** When the session was last used (better-auth refreshes its updatedAt as it is used). */
  lastSeenAt: string;
  current: boolean;
}

const post = <T>(path: string, body: unknown = {}) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });

/** Under the session's keys: signing out forgets the list with everything else of the account. */
export const leavingKeys = {
  devices: () => [...sessionKeys.all, 'devices'] as const,
  signInMethods: () => [...sessionKeys.all, 'sign-in-methods'] as const,
};

/** The account's sessions, this browser's first, then the most recently used. */
export const devicesQuery = queryOptions({
  queryKey: leavingKeys.devices(),
  queryFn: async (): Promise<Device[]> => {
    const [sessions, current] = await Promise.all([
      apiFetch<ListedSession[]>('/api/auth/list-sessions'),
      apiFetch<{ session: { id: string } } | null>('/api/auth/get-session'),
    ]);
    return sessions
      .map((session) => ({
        id: session.id,
        ...describeDevice(session.userAgent),
        ipAddress: session.ipAddress ?? null,
        lastSeenAt: session.updatedAt,
        current: session.id === current?.session.id,
      }))
      .sort(
        (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
      );
  },
});

/** How the account signs in: whether it has a password, and whether it has passkeys. */
export const signInMethodsQuery = queryOptions({
  queryKey: leavingKeys.signInMethods(),
  queryFn: async () => {
    const [linked, keys] = await Promise.all([
      apiFetch<{ providerId: string }[]>('/api/auth/list-accounts'),
      apiFetch<unknown[]>('/api/auth/passkey/list-user-passkeys').catch(() => []),
    ]);
    return {
      hasPassword: linked.some((account) => account.providerId === 'credential'),
      hasPasskey: keys.length > 0,
    };
  },
});

export const leavingApi = {
  /** One device (local scope for this one, any other by its id). */
  signOutDevice: (id: string) => apiFetch(`/api/account/sessions/${id}`, { method: 'DELETE' }),
  /** Every device but this one (the "others" scope). */
  signOutOthers: () => post('/api/auth/revoke-other-sessions'),
  /** Every device, this one included (the "global" scope). */
  signOutEverywhere: () => post('/api/auth/revoke-sessions'),
  /** The JSON file of everything the store keeps about the buyer; the browser saves it. */
  exportPath: '/api/account/export',
  /** A passwordless account confirms by signing in again: a code to its e-mail… */
  sendSignInCode: (email: string) =>
    post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }),
  signInWithCode: (email: string, otp: string) =>
    post('/api/auth/sign-in/email-otp', { email, otp }),
  /** …or one of its passkeys (the WebAuthn code loads only when asked for). */
  signInWithPasskey: async (email: string) => {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
      '/api/auth/passkey/generate-authenticate-options',
    );
    const { clientExtensionResults: _extensions, ...response } = await startAuthentication({
      optionsJSON,
    });
    await post('/api/auth/passkey/verify-authentication', { response });
    // A passkey signs in whichever account it belongs to: deleting goes on only for this one.
    const now = await apiFetch<{ user: { email: string } } | null>('/api/auth/get-session');
    if (now?.user.email !== email) {
      throw new ApiError(403, 'FORBIDDEN', leavingMessages.passkeyOfAnotherAccount);
    }
  },
  deleteAccount: (password?: string) =>
    post<{ success: boolean }>('/api/auth/delete-user', password ? { password } : {}),
};
