import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A local download link's token: the key, the file name and the expiry, signed with HMAC-SHA256.
 * Anything altered, or anything past its expiry, reads as null.
 */
export function signFileToken(
  secret: string,
  payload: { key: string; fileName: string; exp: number },
) {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, body)}`;
}

export function readFileToken(secret: string, token: string, now = Date.now()) {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
      key: string;
      fileName: string;
      exp: number;
    };
    return payload.exp > now ? payload : null;
  } catch {
    return null;
  }
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', `${secret}:file-links`).update(body).digest('base64url');
