import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as the Standard Webhooks specification says (standardwebhooks.com): the secret is
 * `whsec_` and base64 of its key bytes; each message carries `webhook-id`, `webhook-timestamp`
 * (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. A
 * receiver verifies with any of the standard's libraries (or Svix's), given the same secret.
 */

const PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes, as the standard's `whsec_` form. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('not a whsec_ secret');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of one message: `timestamp` is when this attempt is sent. */
export function signWebhook(
  secret: string,
  message: { id: string; body: string; timestamp: Date },
): SignedHeaders {
  const seconds = Math.floor(message.timestamp.getTime() / 1000).toString();
  const signature = createHmac('sha256', keyOf(secret))
    .update(`${message.id}.${seconds}.${message.body}`)
    .digest('base64');
  return {
    'webhook-id': message.id,
    'webhook-timestamp': seconds,
    'webhook-signature': `v1,${signature}`,
  };
}
