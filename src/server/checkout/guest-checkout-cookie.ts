import { z } from 'zod';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

/**
 * The browser that made a guest checkout carries this cookie: the ids of the guest orders it
 * opened (the latest few), signed, HttpOnly. It is what lets the success and confirmation pages
 * show that browser its downloads; a session id or order number alone (both shown on screen)
 * never does.
 */
export interface GuestCheckoutCookieSettings {
  keys: SigningKeys;
  /** Production: Secure, with the `__Secure-` prefix, like the session cookie. */
  secure: boolean;
}

/** A week: the receipt's link (30 days) is the way back after that. */
export const GUEST_CHECKOUT_COOKIE_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The orders one browser is remembered for; an older one falls off. */
export const GUEST_CHECKOUT_COOKIE_ORDERS = 5;

export const guestCheckoutCookieName = ({ secure }: Pick<GuestCheckoutCookieSettings, 'secure'>) =>
  `${secure ? '__Secure-' : ''}loopmarket.guest-checkout`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const orderIds = z.array(z.uuid()).max(GUEST_CHECKOUT_COOKIE_ORDERS);

/** The guest orders this Cookie header's genuine, unexpired cookie names; none otherwise. */
export function guestCheckoutOrders(
  settings: GuestCheckoutCookieSettings,
  cookieHeader: string | undefined,
  now = Date.now(),
): string[] {
  const value = cookieValue(cookieHeader, guestCheckoutCookieName(settings));
  if (!value) return [];
  return readToken(settings.keys, 'guest-checkout', value, orderIds, now) ?? [];
}

/** The Set-Cookie line that adds `orderId` to the orders this browser checked out as a guest. */
export function guestCheckoutCookie(
  settings: GuestCheckoutCookieSettings,
  cookieHeader: string | undefined,
  orderId: string,
  now = Date.now(),
): string {
  const ids = [orderId, ...guestCheckoutOrders(settings, cookieHeader, now)]
    .filter((id, i, all) => all.indexOf(id) === i)
    .slice(0, GUEST_CHECKOUT_COOKIE_ORDERS);
  const value = signToken(settings.keys, 'guest-checkout', ids, {
    expiresAt: now + GUEST_CHECKOUT_COOKIE_TTL_SECONDS * 1000,
  });
  return [
    `${guestCheckoutCookieName(settings)}=${value}`,
    `Max-Age=${GUEST_CHECKOUT_COOKIE_TTL_SECONDS}`,
    'Path=/api/checkout',
    'HttpOnly',
    'SameSite=Lax',
    ...(settings.secure ? ['Secure'] : []),
  ].join('; ');
}
