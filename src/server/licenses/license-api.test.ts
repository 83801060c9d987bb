import { and, eq, isNull } from 'drizzle-orm';
import { licenseActivations, licenseEvents, licenses, users } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { DEACTIVATIONS_PER_30_DAYS, licenseMessages, OFFLINE_GRACE_DAYS } from '#shared/licenses';
import { LICENSE_KEY_FORMAT_MESSAGE, licenseKeyFrom } from '#shared/license-keys';
import { createProduct, minutesAgo } from '#tests/support/factories';
import { describe, expect, it, test } from '#tests/support/fixtures';
import { createLicense, verifyCertificate } from '#tests/support/license-rows';
import type { TestContext } from '#tests/support/test-app';

/**
 * The licence API a plugin calls (POST /api/licenses/activate, validate, deactivate): its answers,
 * its bounds, and the certificates it signs, verified with the published JWK set alone.
 */
let address = 0;
/** A well-formed key no licence has. */
const UNKNOWN_KEY = licenseKeyFrom(new Uint8Array(15).fill(2));
/** The same with its check character changed: not a key at all. */
const MISTYPED_KEY = UNKNOWN_KEY.slice(0, -1) + (UNKNOWN_KEY.endsWith('A') ? 'B' : 'A');
// Each call comes from an address of its own (the proxy header), so the per-address limit
// (license-api.rate-limit.test.ts) stays out of these tests' way.
test.override('appOptions', { config: { trustedProxyHeader: 'x-forwarded-for' } });

/** Every field a licence API answer may carry, as these tests read them. */
interface Answer {
  valid: boolean;
  reason: string;
  message: string;
  certificate: string;
  activation: { machineId: string; machineName: string | null };
  machines: { name: string | null }[];
  error: { code: string; message: string; fields: Record<string, string[]> };
}

/** A plugin's call: JSON, no cookies, no Origin (a program, not a page). */
async function call(app: TestContext, path: string, body: unknown, raw = false) {
  const response = await app.app.request(`/api/licenses/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `198.51.100.${++address % 250}`,
    },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer,
  };
}

const liveMachines = (db: Db, licenseId: string) =>
  db
    .select()
    .from(licenseActivations)
    .where(
      and(eq(licenseActivations.licenseId, licenseId), isNull(licenseActivations.deactivatedAt)),
    );

const eventsOf = (db: Db, licenseId: string) =>
  db.select().from(licenseEvents).where(eq(licenseEvents.licenseId, licenseId));

describe('activate', () => {
  it('activates a machine and answers a certificate the published key verifies', async ({
    app,
    db,
  }) => {
    const { license, product } = await createLicense(db);
    const answer = await call(app, 'activate', {
      key: license.key.toLowerCase(),
      machineId: 'studio-mac-1',
      machineName: 'Studio Mac',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      valid: true,
      license: { id: license.id, productId: product.id, seats: 3, expiresAt: null },
      activation: { machineId: 'studio-mac-1', machineName: 'Studio Mac' },
    });
    const { verified, header, claims } = await verifyCertificate(
      app.app.request,
      answer.body.certificate,
    );
    expect(verified).toBe(true);
    expect(header.alg).toBe('EdDSA');
    expect(claims).toMatchObject({
      iss: 'http://store.test',
      sub: license.id,
      product: { id: product.id, name: 'Demo Synth' },
      machineId: 'studio-mac-1',
      seats: 3,
      licenseExpiresAt: null,
    });
    expect(claims.exp - claims.iat).toBe(OFFLINE_GRACE_DAYS * 86_400);
    expect(await liveMachines(db, license.id)).toHaveLength(1);
    expect(await eventsOf(db, license.id)).toMatchObject([
      { type: 'activated', machineId: 'studio-mac-1', actor: 'plugin' },
    ]);
  });

  it('a certificate that was tampered with does not verify', async ({ app, db }) => {
    const { license } = await createLicense(db);
    const answer = await call(app, 'activate', { key: license.key, machineId: 'm1' });
    const [h, p, s] = (answer.body.certificate as string).split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, seats: 100 })).toString('base64url');
    expect((await verifyCertificate(app.app.request, `${h}.${forged}.${s}`)).verified).toBe(false);
  });

  it('the same machine again is the same activation, renamed, with a fresh certificate', async ({
    app,
    db,
  }) => {
    const { license } = await createLicense(db);
    await call(app, 'activate', { key: license.key, machineId: 'laptop', machineName: 'Old name' });
    await db
      .update(licenseActivations)
      .set({ lastSeenAt: minutesAgo(60) })
      .where(eq(licenseActivations.licenseId, license.id));
    const again = await call(app, 'activate', {
      key: license.key,
      machineId: 'laptop',
      machineName: 'Tour laptop',
    });
    expect(again.status).toBe(200);
    expect(again.body.activation).toMatchObject({
      machineId: 'laptop',
      machineName: 'Tour laptop',
    });
    expect((await verifyCertificate(app.app.request, again.body.certificate)).verified).toBe(true);
    const [row, ...more] = await liveMachines(db, license.id);
    expect(more).toHaveLength(0);
    expect(row!.machineName).toBe('Tour laptop');
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
    expect((await eventsOf(db, license.id)).filter((e) => e.type === 'activated')).toHaveLength(1);
  });

  it('past its seats refuses with 409, naming the machines in use by name only', async ({
    app,
    db,
  }) => {
    const { license } = await createLicense(db);
    for (const [i, name] of ['Studio Mac', 'Tour laptop', 'Home PC'].entries()) {
      expect(
        (
          await call(app, 'activate', {
            key: license.key,
            machineId: `secret-id-${i}`,
            machineName: name,
          })
        ).status,
      ).toBe(200);
    }
    const refused = await call(app, 'activate', { key: license.key, machineId: 'secret-id-3' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      valid: false,
      reason: 'limit_reached',
      message: licenseMessages.limitReached(3),
    });
    expect(refused.body.machines.map((m) => m.name)).toEqual([
      'Studio Mac',
      'Tour laptop',
      'Home PC',
    ]);
    expect(JSON.stringify(refused.body)).not.toContain('secret-id');
    expect(await liveMachines(db, license.id)).toHaveLength(3);
  });

  it('answers an unknown key 404, a revoked or expired one 403, with the reason', async ({
    app,
    db,
  }) => {
    const { license: revoked } = await createLicense(db, {
      revokedAt: new Date(),
      revokedReason: 'refund',
    });
    const { license: expired } = await createLicense(db, { expiresAt: minutesAgo(1) });
    const unknown = await call(app, 'activate', { key: UNKNOWN_KEY, machineId: 'm' });
    expect(unknown).toMatchObject({
      status: 404,
      body: { valid: false, reason: 'unknown', message: licenseMessages.unknown },
    });
    expect(await call(app, 'activate', { key: revoked.key, machineId: 'm' })).toMatchObject({
      status: 403,
      body: { valid: false, reason: 'revoked', message: licenseMessages.revoked },
    });
    expect(await call(app, 'activate', { key: expired.key, machineId: 'm' })).toMatchObject({
      status: 403,
      body: { valid: false, reason: 'expired', message: licenseMessages.expired },
    });
    expect(await liveMachines(db, revoked.id)).toHaveLength(0);
  });

  it('a time-limited licence gets a certificate that ends with it', async ({ app, db }) => {
    const ends = new Date(Date.now() + 3 * 86_400_000);
    const { license } = await createLicense(db, { expiresAt: ends });
    const answer = await call(app, 'activate', { key: license.key, machineId: 'm' });
    const { claims } = await verifyCertificate(app.app.request, answer.body.certificate);
    expect(claims.licenseExpiresAt).toBe(Math.floor(ends.getTime() / 1000));
    expect(claims.exp).toBe(claims.licenseExpiresAt);
  });

  it('20 activations at once on 20 machines of a 3-seat key make exactly 3', async ({
    app,
    db,
  }) => {
    const { license } = await createLicense(db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(app, 'activate', { key: license.key, machineId: `racer-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await liveMachines(db, license.id)).toHaveLength(3);
    expect((await eventsOf(db, license.id)).filter((e) => e.type === 'activated')).toHaveLength(3);
  });
});

describe('validate', () => {
  it('answers valid with a fresh certificate on an activated machine', async ({ app, db }) => {
    const { license } = await createLicense(db);
    await call(app, 'activate', { key: license.key, machineId: 'm1', machineName: 'Studio' });
    const answer = await call(app, 'validate', { key: license.key, machineId: 'm1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      valid: true,
      license: { id: license.id, seats: 3 },
      activation: { machineId: 'm1', machineName: 'Studio' },
    });
    const { verified, claims } = await verifyCertificate(app.app.request, answer.body.certificate);
    expect(verified).toBe(true);
    expect(claims.machineId).toBe('m1');
  });

  it('answers valid without a certificate when no machine is named', async ({ app, db }) => {
    const { license } = await createLicense(db);
    const answer = await call(app, 'validate', { key: license.key });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: true,
      license: { id: license.id, productId: license.productId, seats: 3, expiresAt: null },
    });
  });

  it('answers each reason a key does not unlock the plugin, as 200 valid: false', async ({
    app,
    db,
  }) => {
    const { license: good } = await createLicense(db);
    const { license: revoked } = await createLicense(db, { revokedAt: new Date() });
    const { license: expired } = await createLicense(db, { expiresAt: minutesAgo(1) });
    await call(app, 'activate', { key: good.key, machineId: 'm1' });
    const cases = [
      [{ key: UNKNOWN_KEY, machineId: 'm1' }, 'unknown'],
      [{ key: revoked.key, machineId: 'm1' }, 'revoked'],
      [{ key: expired.key }, 'expired'],
      [{ key: good.key, machineId: 'another machine' }, 'not_activated'],
    ] as const;
    for (const [body, reason] of cases) {
      expect(await call(app, 'validate', body)).toMatchObject({
        status: 200,
        body: { valid: false, reason, message: licenseMessages[reason] },
      });
    }
  });

  it("refreshes a machine's last-seen at most once a minute", async ({ app, db }) => {
    const { license } = await createLicense(db);
    await call(app, 'activate', { key: license.key, machineId: 'm1' });
    const setLastSeen = (at: Date) =>
      db
        .update(licenseActivations)
        .set({ lastSeenAt: at })
        .where(eq(licenseActivations.licenseId, license.id));
    const lastSeen = async () => (await liveMachines(db, license.id))[0]!.lastSeenAt.getTime();

    const recently = new Date(Date.now() - 30_000);
    await setLastSeen(recently);
    await call(app, 'validate', { key: license.key, machineId: 'm1' });
    expect(await lastSeen()).toBe(recently.getTime());

    await setLastSeen(minutesAgo(5));
    await call(app, 'validate', { key: license.key, machineId: 'm1' });
    expect(Date.now() - (await lastSeen())).toBeLessThan(60_000);
  });

  it('a revoked key says so, though its machine was activated', async ({ app, db }) => {
    const { license } = await createLicense(db);
    await call(app, 'activate', { key: license.key, machineId: 'm1' });
    await db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, license.id));
    expect((await call(app, 'validate', { key: license.key, machineId: 'm1' })).body).toMatchObject(
      {
        valid: false,
        reason: 'revoked',
      },
    );
  });
});

describe('a banned buyer', () => {
  it('has their keys answer revoked while the ban lasts, and work again once it ends', async ({
    app,
    db,
  }) => {
    const [buyer] = await db
      .insert(users)
      .values({ email: 'banned@example.com', name: 'Banned Buyer' })
      .returning();
    const { license } = await createLicense(db, {
      buyer: { userId: buyer!.id, email: buyer!.email },
    });
    await call(app, 'activate', { key: license.key, machineId: 'm1' });
    const ban = (fields: Partial<typeof users.$inferInsert>) =>
      db.update(users).set(fields).where(eq(users.id, buyer!.id));

    await ban({ banned: true, banReason: 'chargebacks' });
    for (const path of ['validate', 'activate'])
      expect((await call(app, path, { key: license.key, machineId: 'm2' })).body).toMatchObject({
        valid: false,
        reason: 'revoked',
      });
    expect((await call(app, 'validate', { key: license.key, machineId: 'm1' })).body).toMatchObject(
      { valid: false, reason: 'revoked' },
    );

    // A ban that has run out, or is lifted, lets the key work again with nothing to restore.
    await ban({ banExpires: minutesAgo(1) });
    expect((await call(app, 'validate', { key: license.key, machineId: 'm1' })).body).toMatchObject(
      { valid: true },
    );
    await ban({ banned: false, banExpires: null });
    expect((await call(app, 'activate', { key: license.key, machineId: 'm2' })).status).toBe(200);
  });
});

describe('deactivate', () => {
  it('frees the seat for another machine, and records it', async ({ app, db }) => {
    const { license } = await createLicense(db, { seats: 1 });
    await call(app, 'activate', { key: license.key, machineId: 'old' });
    expect((await call(app, 'activate', { key: license.key, machineId: 'new' })).status).toBe(409);
    const freed = await call(app, 'deactivate', { key: license.key, machineId: 'old' });
    expect(freed).toMatchObject({
      status: 200,
      body: { deactivated: true, machinesInUse: 0, seats: 1 },
    });
    expect((await call(app, 'validate', { key: license.key, machineId: 'old' })).body.reason).toBe(
      'not_activated',
    );
    expect((await call(app, 'activate', { key: license.key, machineId: 'new' })).status).toBe(200);
    const events = (await eventsOf(db, license.id)).map((e) => [e.type, e.machineId, e.actor]);
    expect(events).toContainEqual(['deactivated', 'old', 'plugin']);
  });

  it('answers an unknown key, or a machine not activated, 404 with the reason', async ({
    app,
    db,
  }) => {
    const { license } = await createLicense(db);
    expect(await call(app, 'deactivate', { key: UNKNOWN_KEY, machineId: 'm' })).toMatchObject({
      status: 404,
      body: { reason: 'unknown' },
    });
    expect(await call(app, 'deactivate', { key: license.key, machineId: 'm' })).toMatchObject({
      status: 404,
      body: { reason: 'not_activated', message: licenseMessages.not_activated },
    });
  });

  it(`allows ${DEACTIVATIONS_PER_30_DAYS} swaps in 30 days, then answers 429`, async ({
    app,
    db,
  }) => {
    const { license } = await createLicense(db);
    // An old swap, outside the 30 days, does not count.
    await db.insert(licenseEvents).values({
      licenseId: license.id,
      type: 'deactivated',
      actor: 'plugin',
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    for (let i = 0; i < DEACTIVATIONS_PER_30_DAYS; i++) {
      await call(app, 'activate', { key: license.key, machineId: `m${i}` });
      expect((await call(app, 'deactivate', { key: license.key, machineId: `m${i}` })).status).toBe(
        200,
      );
    }
    await call(app, 'activate', { key: license.key, machineId: 'one more' });
    const refused = await call(app, 'deactivate', { key: license.key, machineId: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: licenseMessages.tooManySwaps },
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(29 * 86_400);
    expect(wait).toBeLessThanOrEqual(30 * 86_400);
    expect(await liveMachines(db, license.id)).toHaveLength(1);
  });
});

describe('bad requests', () => {
  it.for([
    ['a missing machineId', 'activate', { key: UNKNOWN_KEY }, 'machineId'],
    [
      'a key with a wrong check character',
      'activate',
      { key: MISTYPED_KEY, machineId: 'm' },
      'key',
    ],
    ['a key that is not text', 'validate', { key: 42 }, 'key'],
    ['no key', 'deactivate', { machineId: 'm' }, 'key'],
    [
      'a machineId too long',
      'validate',
      { key: UNKNOWN_KEY, machineId: 'x'.repeat(201) },
      'machineId',
    ],
  ] as const)('answers 400 for %s', async ([, path, body, field], { app }) => {
    const answer = await call(app, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    expect(answer.body.error.fields).toHaveProperty(field);
  });

  it('names the key format in the message for a malformed key', async ({ app }) => {
    const answer = await call(app, 'validate', { key: 'LM-NOT-A-KEY' });
    expect(answer.body.error.fields.key).toEqual([LICENSE_KEY_FORMAT_MESSAGE]);
  });

  it.for([
    ['a JSON array', '[1, 2]'],
    ['a JSON string', '"LM-2222-2222-2222-2222"'],
    ['JSON null', 'null'],
    ['malformed JSON', '{"key": '],
  ])('answers 400, never 500, for %s', async ([, text], { app }) => {
    for (const path of ['activate', 'validate', 'deactivate']) {
      const answer = await call(app, path, text, true);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toMatch(/^(VALIDATION_FAILED|BAD_REQUEST)$/);
      expect(answer.body.error.message).toEqual(expect.any(String));
    }
  });
});

it('the OpenAPI description lists the three calls', async ({ app }) => {
  const doc = (await (await app.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, unknown>;
  };
  for (const path of ['/licenses/activate', '/licenses/validate', '/licenses/deactivate']) {
    expect(doc.paths).toHaveProperty([path, 'post']);
  }
});

it('a product deleted since still validates, under a name of its own', async ({ app, db }) => {
  const product = await createProduct(db, { name: 'Gone Synth', licenseKeys: true });
  const { license } = await createLicense(db, { product });
  await call(app, 'activate', { key: license.key, machineId: 'm' });
  await db.update(licenses).set({ productId: null }).where(eq(licenses.id, license.id));
  const answer = await call(app, 'validate', { key: license.key, machineId: 'm' });
  expect(answer.body.valid).toBe(true);
});
