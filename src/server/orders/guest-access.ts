import { createHmac, timingSafeEqual } from 'node:crypto';

/** SPEC §9: a guest's download link is valid for 30 days. */
export const GUEST_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`guest-order:${body}`).digest('base64url');

/** A token naming one order until it expires: `<orderId>.<expiry ms>.<hmac>`. */
export function guestOrderToken(secret: string, orderId: string, now = Date.now()): string {
  const body = `${orderId}.${now + GUEST_LINK_TTL_MS}`;
  return `${body}.${mac(secret, body)}`;
}

/** The order id of a genuine, unexpired token; null otherwise. */
export function readGuestOrderToken(
  secret: string,
  token: string,
  now = Date.now(),
): string | null {
  const [orderId, expiry, signature] = token.split('.');
  if (!orderId || !expiry || !signature) return null;
  const expected = Buffer.from(mac(secret, `${orderId}.${expiry}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return Number(expiry) > now ? orderId : null;
}
