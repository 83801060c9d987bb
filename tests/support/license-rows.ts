import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client';
import { licenses, type ProductRow } from '#server/db/schema';
import { licenseKeyFrom } from '#shared/license-keys';
import { LICENSING_KEYS_PATH, type LicenseCertificateClaims } from '#shared/licenses';
import { createOrder, createProduct } from './factories';

/**
 * A licence as fulfilment would leave it: a completed order of one licensed product and key 1 of
 * its line, written directly (the licence API's tests do not go through a purchase).
 */
export async function createLicense(
  db: Db,
  fields: Partial<typeof licenses.$inferInsert> & {
    product?: ProductRow;
    /** Whose order it is (the factory's buyer unless given). */
    buyer?: { userId: string | null; email: string };
  } = {},
) {
  const { product: given, buyer, ...row } = fields;
  const product =
    given ??
    (await createProduct(db, {
      name: 'Demo Synth',
      licenseKeys: true,
      activationLimit: row.seats ?? 3,
    }));
  const { order, item } = await createOrder(db, product, {
    status: 'COMPLETED',
    completedAt: new Date(),
    ...buyer,
  });
  const [license] = await db
    .insert(licenses)
    .values({
      key: licenseKeyFrom(randomBytes(15)),
      orderId: order.id,
      orderItemId: item.id,
      ordinal: 1,
      productId: product.id,
      userId: order.userId,
      seats: product.activationLimit,
      ...row,
    })
    .returning();
  if (!license) throw new Error('licence not created');
  return { license, product, order, item };
}

interface PublishedJwk extends JsonWebKey {
  kid: string;
}

/**
 * Verifies a licence certificate as a plugin would offline: with the store's published JWK set
 * alone and Node's WebCrypto (no jose, none of the store's code). Answers whether the signature
 * holds, and what the certificate says.
 */
export async function verifyCertificate(
  request: (path: string) => Response | Promise<Response>,
  certificate: string,
) {
  const { keys } = (await (await request(LICENSING_KEYS_PATH)).json()) as {
    keys: PublishedJwk[];
  };
  const [header64, payload64, signature64] = certificate.split('.');
  if (!header64 || !payload64 || !signature64) throw new Error('not a compact JWS');
  const header = JSON.parse(Buffer.from(header64, 'base64url').toString()) as {
    alg: string;
    kid: string;
  };
  const claims = JSON.parse(
    Buffer.from(payload64, 'base64url').toString(),
  ) as LicenseCertificateClaims;
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) return { verified: false, header, claims };
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['verify']);
  const verified = await crypto.subtle.verify(
    'Ed25519',
    key,
    Buffer.from(signature64, 'base64url'),
    new TextEncoder().encode(`${header64}.${payload64}`),
  );
  return { verified, header, claims };
}
