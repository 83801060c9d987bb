import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * The secrets tokens are signed with: the current one signs, every one still verifies, so the
 * secret can be rotated (AUTH_SECRET_PREVIOUS) without breaking links already sent.
 */
export interface SigningKeys {
  current: string;
  previous: readonly string[];
}

/** What a token is for; a token made for one purpose never passes for another. */
export type TokenPurpose =
  | 'file-link'
  | 'archive-link'
  | 'guest-order'
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'payment-event'
  | 'order-invoice'
  | 'update-emails-unsubscribe'
  | 'mail-unsubscribe'
  | 'guest-checkout'
  | 'cart-restore'
  | 'affiliate-referral'
  | 'free-order';

const VERSION = 'lm1';

/** A short, public name of a secret, carried in the token so the reader knows which key to try. */
export function keyId(secret: string): string {
  return createHash('sha256').update(`loopmarket-key-id:${secret}`).digest('base64url').slice(0, 8);
}

const mac = (secret: string, purpose: TokenPurpose, signed: string) =>
  createHmac('sha256', secret).update(`loopmarket:${purpose}:${signed}`).digest('base64url');

/**
 * `lm1.<key id>.<payload>.<signature>`: the payload (base64url JSON of the data and an optional
 * expiry in ms) signed with HMAC-SHA256 over the purpose, the key id and the payload.
 */
export function signToken(
  keys: SigningKeys,
  purpose: TokenPurpose,
  data: unknown,
  options: { expiresAt?: number } = {},
): string {
  const kid = keyId(keys.current);
  const body = Buffer.from(JSON.stringify({ d: data, e: options.expiresAt })).toString('base64url');
  const signed = `${VERSION}.${kid}.${body}`;
  return `${signed}.${mac(keys.current, purpose, signed)}`;
}

/** Whether a string is in this format at all (older formats are read by their own readers). */
export const isSignedToken = (token: string) => token.startsWith(`${VERSION}.`);

/**
 * The data of a genuine token for this purpose that has not expired and matches `schema`;
 * null for anything else (forged, altered, another purpose, an unknown key, expired).
 */
export function readToken<T>(
  keys: SigningKeys,
  purpose: TokenPurpose,
  token: string,
  schema: z.ZodType<T>,
  now = Date.now(),
): T | null {
  const [version, kid, body, signature, ...rest] = token.split('.');
  if (version !== VERSION || !kid || !body || !signature || rest.length > 0) return null;
  const secret = [keys.current, ...keys.previous].find((candidate) => keyId(candidate) === kid);
  if (!secret) return null;
  const expected = Buffer.from(mac(secret, purpose, `${version}.${kid}.${body}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: { d?: unknown; e?: unknown };
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as typeof payload;
  } catch {
    return null;
  }
  if (payload.e !== undefined && !(typeof payload.e === 'number' && payload.e > now)) return null;
  const data = schema.safeParse(payload.d);
  return data.success ? data.data : null;
}

/**
 * Whether `given` is the signature some secret of the keyring makes (`macOf`): for the older
 * formats, which carry no key id. Compared in constant time.
 */
export function signedByAnySecret(
  keys: SigningKeys,
  given: Buffer,
  macOf: (secret: string) => Buffer,
): boolean {
  return [keys.current, ...keys.previous].some((secret) => {
    const expected = macOf(secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
