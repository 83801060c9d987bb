import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';
import { SESSION_COOKIE, type Auth } from './auth';
import {
  deviceCookie,
  deviceCookieUserId,
  isDeviceOf,
  type DeviceCookieSettings,
} from './device-cookie';

const RESET_PASSWORD_PATH = '/api/auth/reset-password';
const SETS_SESSION = new RegExp(`^(__Secure-)?${SESSION_COOKIE.replace('.', '\\.')}=[^;]`);

/**
 * Strangers who use up an email's sign-in attempts must not lock its owner out: a browser that
 * has signed in to the account (or reset its password) gets a device cookie, and with it passes
 * the per-email limit. better-auth's per-address limit still applies to it.
 */
export function ownerDevices(auth: Auth, db: Db, settings: DeviceCookieSettings) {
  return {
    /** Whether this browser carries a live device cookie for the account of `email`. */
    async recognise(cookieHeader: string | undefined, email: string): Promise<boolean> {
      if (!deviceCookieUserId(settings, cookieHeader)) return false;
      const account = await passwordAccount(db, eq(users.email, email));
      return account !== null && isDeviceOf(settings, cookieHeader, account);
    },

    /**
     * Runs better-auth's handler and gives the browser a device cookie when the answer signs an
     * account in, or when it completes a password reset (the way in that the per-email 429 offers).
     */
    async remember(
      path: string,
      body: string | undefined,
      handle: () => Promise<Response>,
    ): Promise<Response> {
      // The reset token is spent by the handler, so its account is looked up first.
      const resetUserId = path === RESET_PASSWORD_PATH ? await resetTokenUserId(auth, body) : null;
      const response = await handle();
      if (!response.ok) return response;
      const userId = resetUserId ?? (await signedInUserId(response));
      if (!userId) return response;
      const account = await passwordAccount(db, eq(users.id, userId));
      if (!account) return response;
      const headers = new Headers(response.headers);
      headers.append('Set-Cookie', deviceCookie(settings, account));
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  };
}

export type OwnerDevices = ReturnType<typeof ownerDevices>;

async function passwordAccount(db: Db, which: SQL) {
  const [row] = await db
    .select({ userId: users.id, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(which)
    .limit(1);
  return row?.passwordHash ? { userId: row.userId, passwordHash: row.passwordHash } : null;
}

async function resetTokenUserId(auth: Auth, body: string | undefined): Promise<string | null> {
  const token = stringField(body, 'token');
  if (!token) return null;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  return verification?.value ?? null;
}

/** The user id of an answer that starts a session (sign-in, a passed second factor), or null. */
async function signedInUserId(response: Response): Promise<string | null> {
  if (!response.headers.getSetCookie().some((line) => SETS_SESSION.test(line))) return null;
  try {
    const body: unknown = await response.clone().json();
    const user = typeof body === 'object' && body !== null && 'user' in body ? body.user : null;
    const id = typeof user === 'object' && user !== null && 'id' in user ? user.id : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function stringField(body: string | undefined, field: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    if (typeof parsed !== 'object' || parsed === null || !(field in parsed)) return null;
    const value = (parsed as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
