import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  isSignedToken,
  readToken,
  signedByAnySecret,
  signToken,
  type SigningKeys,
} from '../security/signed-token';

/** A guest's download link is valid for 30 days. */
export const GUEST_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A token naming one order until it expires. */
export function guestOrderToken(keys: SigningKeys, orderId: string, now = Date.now()): string {
  return signToken(keys, 'guest-order', orderId, { expiresAt: now + GUEST_LINK_TTL_MS });
}

/** The order id of a genuine, unexpired token; null otherwise. */
export function readGuestOrderToken(
  keys: SigningKeys,
  token: string,
  now = Date.now(),
): string | null {
  return isSignedToken(token)
    ? readToken(keys, 'guest-order', token, z.uuid(), now)
    : readLegacyGuestOrderToken(keys, token, now);
}

/**
 * Links mailed before the signed-token helper (`<orderId>.<expiry ms>.<hmac>`), accepted until
 * they expire: this reader can go 30 days after the release that replaced them.
 */
function readLegacyGuestOrderToken(keys: SigningKeys, token: string, now: number) {
  const [orderId, expiry, signature, ...rest] = token.split('.');
  if (!orderId || !expiry || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature);
  const genuine = signedByAnySecret(keys, given, (secret) =>
    Buffer.from(
      createHmac('sha256', secret).update(`guest-order:${orderId}.${expiry}`).digest('base64url'),
    ),
  );
  return genuine && Number(expiry) > now ? orderId : null;
}
