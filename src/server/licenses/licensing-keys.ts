import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8 } from 'jose';
import { OFFLINE_GRACE_DAYS } from '#shared/licenses';
import type { Db } from '../db/client';
import { licensingKeys } from '../db/schema';

/**
 * The store's Ed25519 keys for licence certificates (licensing_keys). The newest unretired key
 * signs; its private half is kept encrypted with a key derived from the server's auth secret, so
 * a copy of the database alone cannot mint certificates. A retired key stays in the published
 * JWK set until every certificate it signed has expired.
 */

const DAY_MS = 86_400_000;
/** How long a certificate lives at most (iat to exp): the offline grace period. */
export const CERTIFICATE_LIFE_DAYS = OFFLINE_GRACE_DAYS;
/**
 * A retired key stays published this long: a certificate signed just before the rotation lives
 * CERTIFICATE_LIFE_DAYS, and a plugin that fetched the set once keeps it as long again.
 */
export const RETIRED_KEY_PUBLISHED_DAYS = OFFLINE_GRACE_DAYS + CERTIFICATE_LIFE_DAYS;
/**
 * How long a process trusts its idea of which key signs before asking the database again. A
 * rotation made by another process (the admin command) reaches it within this; meanwhile it signs
 * with the retired key, which is still published, so its certificates verify all the same.
 */
const CURRENT_KEY_TTL_MS = 60_000;
const ENCRYPTION_FORMAT = 'aes-256-gcm-v1';

export interface PublicSigningJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

/** The AES-256-GCM key the private keys are encrypted under, derived (HKDF) from a secret. */
function encryptionKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, 'loopmarket', 'licensing-keys private key encryption', 32),
  );
}

export function encryptPrivateKey(pem: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
  return [ENCRYPTION_FORMAT, ...parts].join('.');
}

/** The PEM, with whichever secret it was sealed under (the current one, or a previous one). */
export function decryptPrivateKey(stored: string, secrets: readonly string[]): string {
  const [format, iv, tag, sealed] = stored.split('.');
  if (format !== ENCRYPTION_FORMAT || !iv || !tag || !sealed) {
    throw new Error('licensing key: unreadable private key');
  }
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        encryptionKey(secret),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Sealed under another secret: try the next.
    }
  }
  throw new Error(
    'licensing key: no configured secret opens it (was AUTH_SECRET changed without AUTH_SECRET_PREVIOUS?)',
  );
}

/** A new key pair: its row (private half sealed) and its key for signing at once. */
async function newKeyRow(secret: string) {
  const { publicKey, privateKey } = await generateKeyPair('Ed25519', { extractable: true });
  const kid = `lk-${randomBytes(9).toString('base64url')}`;
  const jwk = await exportJWK(publicKey);
  const publicJwk: PublicSigningJwk = {
    kty: 'OKP',
    crv: 'Ed25519',
    x: jwk.x!,
    kid,
    alg: 'EdDSA',
    use: 'sig',
  };
  const pem = await exportPKCS8(privateKey);
  return {
    row: { kid, privateKey: encryptPrivateKey(pem, secret), publicJwk: { ...publicJwk } },
    signing: { kid, key: privateKey as CryptoKey },
  };
}

/** Serialises key creation and rotation across processes (a transaction-scoped advisory lock). */
const lockKeys = (tx: Pick<Db, 'execute'>) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('loopmarket.licensing_keys'))`);

export interface LicensingKeys {
  /** The key that signs now, made on first need. */
  current(): Promise<SigningKey>;
  /** Retires the signing key (kept published) and makes a new one; answers the new kid. */
  rotate(): Promise<{ retired: string | null; kid: string }>;
  /** The public keys a plugin may meet: unretired ones and retired ones still published. */
  published(): Promise<PublicSigningJwk[]>;
}

/**
 * The keys of one database, with this process's cache: decrypted keys by kid (a kid never changes
 * its key), and which kid signs, dropped on a rotation made here and re-read after a minute.
 */
export function licensingKeysOf(
  db: Db,
  secrets: { current: string; previous: readonly string[] },
): LicensingKeys {
  const decrypted = new Map<string, CryptoKey>();
  let signer: { key: SigningKey; until: number } | null = null;
  let loading: Promise<SigningKey> | null = null;

  async function load(): Promise<SigningKey> {
    const [row] = await db
      .select({ kid: licensingKeys.kid, privateKey: licensingKeys.privateKey })
      .from(licensingKeys)
      .where(isNull(licensingKeys.retiredAt))
      .orderBy(desc(licensingKeys.createdAt))
      .limit(1);
    if (row) {
      let key = decrypted.get(row.kid);
      if (!key) {
        const pem = decryptPrivateKey(row.privateKey, [secrets.current, ...secrets.previous]);
        key = (await importPKCS8(pem, 'EdDSA')) as CryptoKey;
        decrypted.set(row.kid, key);
      }
      return { kid: row.kid, key };
    }
    // None yet: the first to take the lock makes it; the others find it made.
    return db
      .transaction(async (tx) => {
        await lockKeys(tx);
        const [made] = await tx
          .select({ kid: licensingKeys.kid })
          .from(licensingKeys)
          .where(isNull(licensingKeys.retiredAt))
          .limit(1);
        if (made) return null;
        const { row: fresh, signing } = await newKeyRow(secrets.current);
        await tx.insert(licensingKeys).values(fresh);
        decrypted.set(signing.kid, signing.key);
        return signing;
      })
      .then((made) => made ?? load());
  }

  return {
    async current() {
      if (signer && signer.until > Date.now()) return signer.key;
      // Concurrent first requests share one load.
      loading ??= load().finally(() => (loading = null));
      const key = await loading;
      signer = { key, until: Date.now() + CURRENT_KEY_TTL_MS };
      return key;
    },

    async rotate() {
      const result = await db.transaction(async (tx) => {
        await lockKeys(tx);
        const now = new Date();
        const retiring = await tx
          .update(licensingKeys)
          .set({
            retiredAt: now,
            publishedUntil: new Date(now.getTime() + RETIRED_KEY_PUBLISHED_DAYS * DAY_MS),
          })
          .where(isNull(licensingKeys.retiredAt))
          .returning({ kid: licensingKeys.kid });
        const { row, signing } = await newKeyRow(secrets.current);
        await tx.insert(licensingKeys).values(row);
        return { retired: retiring[0]?.kid ?? null, signing };
      });
      decrypted.set(result.signing.kid, result.signing.key);
      if (result.retired) decrypted.delete(result.retired);
      signer = { key: result.signing, until: Date.now() + CURRENT_KEY_TTL_MS };
      return { retired: result.retired, kid: result.signing.kid };
    },

    async published() {
      const rows = await db
        .select({ publicJwk: licensingKeys.publicJwk })
        .from(licensingKeys)
        .where(or(isNull(licensingKeys.retiredAt), gt(licensingKeys.publishedUntil, sql`now()`)))
        .orderBy(desc(licensingKeys.createdAt));
      return rows.map((r) => r.publicJwk as unknown as PublicSigningJwk);
    },
  };
}

const perDatabase = new WeakMap<Db, LicensingKeys>();

/** One LicensingKeys per database in this process, so its routes share one cache. */
export function licensingKeysFor(
  db: Db,
  secrets: { current: string; previous: readonly string[] },
): LicensingKeys {
  let keys = perDatabase.get(db);
  if (!keys) {
    keys = licensingKeysOf(db, secrets);
    perDatabase.set(db, keys);
  }
  return keys;
}
