import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';

const subscriptionId = z.uuid();

function signature(secret: string, id: string, purpose: NewsletterTokenPurpose): Buffer {
  return createHmac('sha256', secret).update(`loopmarket:newsletter:${purpose}:${id}`).digest();
}

/**
 * A link token naming one subscription and what the link may do with it, signed with the app's
 * secret: the links need no stored state, and one purpose's token never works for the other.
 * They do not expire, so an unsubscribe link in an old email keeps working.
 */
export function signNewsletterToken(
  secret: string,
  id: string,
  purpose: NewsletterTokenPurpose,
): string {
  return `${id}.${signature(secret, id, purpose).toString('base64url')}`;
}

/** The subscription id a token was signed for, or null when it is malformed or forged. */
export function readNewsletterToken(
  secret: string,
  token: string,
  purpose: NewsletterTokenPurpose,
): string | null {
  const [id = '', signed = '', ...rest] = token.split('.');
  if (rest.length > 0 || !subscriptionId.safeParse(id).success) return null;
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, id, purpose);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
