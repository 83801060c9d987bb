import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  isSignedToken,
  readToken,
  signedByAnySecret,
  signToken,
  type SigningKeys,
} from '../security/signed-token';

export interface FileLink {
  key: string;
  fileName: string;
  /** Expiry, ms since the epoch. */
  exp: number;
}

const fileLink = z.object({ key: z.string(), fileName: z.string() });

/** A local download link's token: the storage key and the file name, until `exp`. */
export function signFileToken(keys: SigningKeys, link: FileLink): string {
  return signToken(
    keys,
    'file-link',
    { key: link.key, fileName: link.fileName },
    {
      expiresAt: link.exp,
    },
  );
}

/** What a genuine, unexpired token names; null for anything altered or past its expiry. */
export function readFileToken(
  keys: SigningKeys,
  token: string,
  now = Date.now(),
): Omit<FileLink, 'exp'> | null {
  return isSignedToken(token)
    ? readToken(keys, 'file-link', token, fileLink, now)
    : readLegacyFileToken(keys, token, now);
}

/**
 * Links made before the signed-token helper (`<base64 JSON>.<hmac>`). They last five minutes,
 * so this reader can go in the first release after this one.
 */
function readLegacyFileToken(keys: SigningKeys, token: string, now: number) {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature);
  const genuine = signedByAnySecret(keys, given, (secret) =>
    Buffer.from(createHmac('sha256', `${secret}:file-links`).update(body).digest('base64url')),
  );
  if (!genuine) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as FileLink;
    return typeof payload.exp === 'number' && payload.exp > now
      ? { key: String(payload.key), fileName: String(payload.fileName) }
      : null;
  } catch {
    return null;
  }
}
