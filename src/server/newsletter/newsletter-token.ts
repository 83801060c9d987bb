import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  isSignedToken,
  readToken,
  signedByAnySecret,
  signToken,
  type SigningKeys,
} from '../security/signed-token';

export type NewsletterTokenPurpose = 'confirm' | 'unsubscribe';

const subscriptionId = z.uuid();

/**
 * A link token naming one subscription and what the link may do with it: the links need no
 * stored state, and one purpose's token never works for the other. They do not expire, so an
 * unsubscribe link in an old email keeps working.
 */
export function signNewsletterToken(
  keys: SigningKeys,
  id: string,
  purpose: NewsletterTokenPurpose,
): string {
  return signToken(keys, `newsletter-${purpose}`, id);
}

/** The subscription id a token was signed for, or null when it is malformed or forged. */
export function readNewsletterToken(
  keys: SigningKeys,
  token: string,
  purpose: NewsletterTokenPurpose,
): string | null {
  return isSignedToken(token)
    ? readToken(keys, `newsletter-${purpose}`, token, subscriptionId)
    : readLegacyNewsletterToken(keys, token, purpose);
}

/**
 * Links mailed before the signed-token helper (`<id>.<hmac>`). They never expired, and old
 * newsletters keep their unsubscribe links, so this reader stays.
 */
function readLegacyNewsletterToken(
  keys: SigningKeys,
  token: string,
  purpose: NewsletterTokenPurpose,
): string | null {
  const [id = '', signed = '', ...rest] = token.split('.');
  if (rest.length > 0 || !subscriptionId.safeParse(id).success) return null;
  const given = Buffer.from(signed, 'base64url');
  const genuine = signedByAnySecret(keys, given, (secret) =>
    createHmac('sha256', secret).update(`loopmarket:newsletter:${purpose}:${id}`).digest(),
  );
  return genuine ? id : null;
}
