import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account carries this cookie for a year: it names the account
 * and is signed with the auth secret over the account's current password hash, so it cannot be
 * forged, moved to another account, or outlive a password change.
 */
export interface DeviceCookieSettings {
  secret: string;
  /** Production: Secure, with the `__Secure-` prefix, like the session cookie. */
  secure: boolean;
}

export const DEVICE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;

export function deviceCookieName(settings: Pick<DeviceCookieSettings, 'secure'>): string {
  return `${settings.secure ? '__Secure-' : ''}loopmarket.device`;
}

function signature(secret: string, userId: string, expires: number, passwordHash: string) {
  return createHmac('sha256', secret)
    .update(`loopmarket-device\n${userId}\n${expires}\n${passwordHash}`)
    .digest('base64url');
}

/** The Set-Cookie line that marks this browser as one `userId` has signed in with. */
export function deviceCookie(
  settings: DeviceCookieSettings,
  account: { userId: string; passwordHash: string },
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + DEVICE_COOKIE_TTL_SECONDS;
  const value = `${account.userId}.${expires}.${signature(settings.secret, account.userId, expires, account.passwordHash)}`;
  const attributes = [
    `Max-Age=${DEVICE_COOKIE_TTL_SECONDS}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secure ? ['Secure'] : []),
  ];
  return [`${deviceCookieName(settings)}=${value}`, ...attributes].join('; ');
}

/** The account id a device cookie in this Cookie header names, unchecked; null if none. */
export function deviceCookieUserId(
  settings: Pick<DeviceCookieSettings, 'secure'>,
  cookieHeader: string | undefined,
): string | null {
  return parse(cookieValue(cookieHeader, deviceCookieName(settings)))?.userId ?? null;
}

/** Whether the device cookie in this Cookie header is a live one for exactly this account. */
export function isDeviceOf(
  settings: DeviceCookieSettings,
  cookieHeader: string | undefined,
  account: { userId: string; passwordHash: string },
  now = Date.now(),
): boolean {
  const cookie = parse(cookieValue(cookieHeader, deviceCookieName(settings)));
  if (!cookie || cookie.userId !== account.userId) return false;
  if (cookie.expires * 1000 <= now) return false;
  const expected = Buffer.from(
    signature(settings.secret, cookie.userId, cookie.expires, account.passwordHash),
  );
  const given = Buffer.from(cookie.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function parse(value: string | undefined) {
  const [userId, expires, signature, ...extra] = value?.split('.') ?? [];
  if (!userId || !expires || !signature || extra.length > 0 || !/^\d+$/.test(expires)) return null;
  return { userId, expires: Number(expires), signature };
}
