import { eq } from 'drizzle-orm';
import { licensingKeys } from '#server/db/schema';
import { LICENSING_KEYS_PATH } from '#shared/licenses';
import { describe, expect, testInFreshStore as it } from '#tests/support/fixtures';
import { createLicense, verifyCertificate } from '#tests/support/license-rows';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import {
  decryptPrivateKey,
  licensingKeysFor,
  licensingKeysOf,
  RETIRED_KEY_PUBLISHED_DAYS,
} from './licensing-keys';

/**
 * The store's signing keys: made once on first need, kept encrypted, published as a JWK set, and
 * rotated without breaking a certificate a plugin already holds.
 */
const secrets = { current: TEST_SIGNING_KEYS.current, previous: [] };

const activate = async (app: TestContext, key: string, machineId: string) => {
  const response = await app.app.request('/api/licenses/activate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, machineId }),
  });
  return ((await response.json()) as { certificate: string }).certificate;
};

const jwkSet = async (app: TestContext) => {
  const response = await app.app.request(LICENSING_KEYS_PATH);
  return {
    response,
    keys: ((await response.json()) as { keys: Record<string, string>[] }).keys,
  };
};

describe('licensing keys', () => {
  it('publishes one Ed25519 key, cacheable, made on first need', async ({ app, db }) => {
    expect(await db.select().from(licensingKeys)).toHaveLength(0);
    const { response, keys } = await jwkSet(app);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.any(String),
        kid: expect.any(String),
        alg: 'EdDSA',
        use: 'sig',
      },
    ]);
    expect((await jwkSet(app)).keys).toEqual(keys);
  });

  it('keeps the private key encrypted under the server secret', async ({ app, db }) => {
    await jwkSet(app);
    const [row] = await db.select().from(licensingKeys);
    expect(row!.privateKey).not.toContain('PRIVATE KEY');
    expect(decryptPrivateKey(row!.privateKey, [secrets.current])).toContain('BEGIN PRIVATE KEY');
    expect(() =>
      decryptPrivateKey(row!.privateKey, ['another secret of at least 32 chars!']),
    ).toThrow(/no configured secret/);
    // After AUTH_SECRET changes, the previous secret still opens it.
    expect(
      decryptPrivateKey(row!.privateKey, [
        'the new secret, at least 32 characters',
        secrets.current,
      ]),
    ).toContain('BEGIN PRIVATE KEY');
  });

  it('makes one signing key when several processes need one at once', async ({ app }) => {
    // Separate instances share nothing in memory, as processes would not.
    const processes = Array.from({ length: 5 }, () => licensingKeysOf(app.database.db, secrets));
    const kids = await Promise.all(processes.map(async (p) => (await p.current()).kid));
    expect(new Set(kids).size).toBe(1);
    expect(await app.database.db.select().from(licensingKeys)).toHaveLength(1);
  });

  it('rotates: old certificates still verify, new ones carry the new kid', async ({ app, db }) => {
    const { license } = await createLicense(db);
    const before = await activate(app, license.key, 'm1');
    const old = await verifyCertificate(app.app.request, before);
    expect(old.verified).toBe(true);

    const rotated = await licensingKeysFor(db, secrets).rotate();
    expect(rotated.retired).toBe(old.header.kid);
    expect(rotated.kid).not.toBe(old.header.kid);
    const [retired] = await db
      .select()
      .from(licensingKeys)
      .where(eq(licensingKeys.kid, old.header.kid));
    const publishedDays =
      (retired!.publishedUntil!.getTime() - retired!.retiredAt!.getTime()) / 86_400_000;
    expect(publishedDays).toBe(RETIRED_KEY_PUBLISHED_DAYS);

    const { keys } = await jwkSet(app);
    expect(keys.map((k) => k.kid).sort()).toEqual([old.header.kid, rotated.kid].sort());
    expect((await verifyCertificate(app.app.request, before)).verified).toBe(true);
    const after = await verifyCertificate(app.app.request, await activate(app, license.key, 'm1'));
    expect(after).toMatchObject({ verified: true, header: { kid: rotated.kid } });
  });

  it('stops publishing a retired key once its certificates can no longer live', async ({
    app,
    db,
  }) => {
    const { kid: first } = await licensingKeysFor(db, secrets).current();
    await licensingKeysFor(db, secrets).rotate();
    await db
      .update(licensingKeys)
      .set({ publishedUntil: new Date(Date.now() - 1000) })
      .where(eq(licensingKeys.kid, first));
    const { keys } = await jwkSet(app);
    expect(keys.map((k) => k.kid)).not.toContain(first);
    expect(keys).toHaveLength(1);
  });
});
