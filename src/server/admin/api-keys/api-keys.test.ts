import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { apiKeyMessages, type ApiKeyScope, type CreatedApiKey } from '#shared/api-keys';
import type { AuditEntryView } from '#shared/admin';
import { adminAudit, apiKeys, users } from '#server/db/schema';
import { signedInAdmin, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import type { TestContext } from '#tests/support/test-app';
import { describe, expect, it, type SignedInBrowser } from '#tests/support/fixtures';
import { requireAdmin } from '../require-admin';
import { requiredScope, SESSION_ONLY } from './api-key-scopes';

/** A small per-key limit, so the test reaches it; each test makes its own keys. */
const REQUESTS_PER_MINUTE = 6;
it.override('appOptions', { config: { apiKeyRequestsPerMinute: REQUESTS_PER_MINUTE } });

async function makeKey(admin: SignedInBrowser, scopes: ApiKeyScope[], name = 'Read-only') {
  const answer = await admin.request('/api/admin/api-keys', {
    body: { name: `${name} ${randomUUID().slice(0, 6)}`, scopes, expiresInDays: 30 },
  });
  expect(answer.status).toBe(201);
  return answer.body as unknown as CreatedApiKey;
}

/** A program's request: the key, no cookie, no Origin. */
async function withKey(
  app: TestContext,
  secret: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  const response = await app.app.request(path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${secret}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: (type.includes('json') && text ? JSON.parse(text) : null) as Record<string, unknown>,
    response,
  };
}

const refusal = (code: string, message: string) => ({ error: { code, message } });

describe('API keys', () => {
  it('shows the key once and stores only its hash and prefix', async ({ admin, db }) => {
    const { key, secret } = await makeKey(admin, ['orders:read']);
    expect(secret).toMatch(/^lm_[0-9a-f]{8}_[\w-]{43}$/);
    expect(secret.startsWith(key.prefix)).toBe(true);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(key.prefix.length + 1));
    const list = await admin.request('/api/admin/api-keys');
    expect(list.text).not.toContain(secret.slice(key.prefix.length + 1));
    expect((list.body!.data as { id: string }[]).map((k) => k.id)).toContain(key.id);
  });

  it('lets a read-only key read orders and refuses it a write', async ({ app, admin, db }) => {
    const { secret } = await makeKey(admin, ['orders:read']);
    const { order } = await createOrder(db, await createProduct(db));
    expect((await withKey(app, secret, '/api/admin/orders')).status).toBe(200);
    expect((await withKey(app, secret, `/api/admin/orders/${order.id}`)).status).toBe(200);
    const cancel = await withKey(app, secret, `/api/admin/orders/${order.id}/cancel`, {
      method: 'POST',
      body: {},
    });
    expect(cancel).toMatchObject({
      status: 403,
      body: refusal('FORBIDDEN', apiKeyMessages.missingScope('orders:write')),
    });
    const refund = await withKey(app, secret, `/api/admin/orders/${order.id}/refunds`, {
      method: 'POST',
      body: {},
    });
    expect(refund).toMatchObject({
      status: 403,
      body: refusal('FORBIDDEN', apiKeyMessages.missingScope('orders:refund')),
    });
    const promo = await withKey(app, secret, '/api/admin/promo-codes', {
      method: 'POST',
      body: { code: 'NOPE', percentOff: 10 },
    });
    expect(promo.status).toBe(403);
    expect((await withKey(app, secret, '/api/admin/products')).status).toBe(403);
  });

  it('refuses a revoked key, an expired key and an unknown one with 401', async ({
    app,
    admin,
    db,
  }) => {
    const revoked = await makeKey(admin, ['orders:read']);
    expect((await withKey(app, revoked.secret, '/api/admin/orders')).status).toBe(200);
    const revoke = await admin.request(`/api/admin/api-keys/${revoked.key.id}/revoke`, {
      method: 'POST',
    });
    expect(revoke.status).toBe(200);
    expect(await withKey(app, revoked.secret, '/api/admin/orders')).toMatchObject({
      status: 401,
      body: refusal('UNAUTHORIZED', apiKeyMessages.revoked),
    });

    const expired = await makeKey(admin, ['orders:read']);
    await db
      .update(apiKeys)
      .set({
        createdAt: sql`now() - interval '31 days'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(apiKeys.id, expired.key.id));
    expect(await withKey(app, expired.secret, '/api/admin/orders')).toMatchObject({
      status: 401,
      body: refusal('UNAUTHORIZED', apiKeyMessages.expired),
    });

    const forged = `${expired.key.prefix}_${'A'.repeat(43)}`;
    expect(await withKey(app, forged, '/api/admin/orders')).toMatchObject({
      status: 401,
      body: refusal('UNAUTHORIZED', apiKeyMessages.invalid),
    });
    expect((await withKey(app, 'not-a-key', '/api/admin/orders')).status).toBe(401);
  });

  it('revokes once when two revocations meet, auditing one', async ({ admin, db }) => {
    const { key } = await makeKey(admin, ['orders:read']);
    const revoke = () => admin.request(`/api/admin/api-keys/${key.id}/revoke`, { method: 'POST' });
    const answers = await Promise.all([revoke(), revoke()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await db.select().from(adminAudit).where(eq(adminAudit.entityId, key.id));
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'revoke']);
  });

  it('audits a write made with a key as the key, beside its owner', async ({ app, admin }) => {
    const { key, secret } = await makeKey(admin, ['promos:write', 'promos:read'], 'Promo bot');
    const code = `KEY${randomUUID().slice(0, 6).toUpperCase()}`;
    const created = await withKey(app, secret, '/api/admin/promo-codes', {
      method: 'POST',
      body: { code, percentOff: 15 },
    });
    expect(created.status).toBe(201);
    const trail = await admin.request(`/api/admin/promo-codes/${code}/audit`);
    const [entry] = trail.body!.data as AuditEntryView[];
    expect(entry).toMatchObject({
      action: 'create',
      actor: { id: admin.user.id, email: admin.user.email },
      apiKey: { id: key.id, name: key.name },
    });
    // The key's own creation was the signed-in owner's, not a key's.
    const keyTrail = await withKey(app, secret, `/api/admin/promo-codes/${code}/audit`);
    expect(keyTrail.status).toBe(200);
  });

  it('records no key on a write the signed-in admin makes', async ({ admin, db }) => {
    const { key } = await makeKey(admin, ['orders:read']);
    const rows = await db.select().from(adminAudit).where(eq(adminAudit.entityId, key.id));
    expect(rows).toMatchObject([{ action: 'create', actorId: admin.user.id, apiKeyId: null }]);
  });

  it('limits each key to its requests a minute with 429, counted per key', async ({
    app,
    admin,
  }) => {
    const busy = await makeKey(admin, ['orders:read']);
    const calm = await makeKey(admin, ['orders:read']);
    for (let i = 0; i < REQUESTS_PER_MINUTE; i++) {
      expect((await withKey(app, busy.secret, '/api/admin/orders')).status).toBe(200);
    }
    const limited = await withKey(app, busy.secret, '/api/admin/orders');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await withKey(app, calm.secret, '/api/admin/orders')).status).toBe(200);
  });

  it('notes when a key was last used', async ({ app, admin, db }) => {
    const { key, secret } = await makeKey(admin, ['orders:read']);
    expect(key.lastUsedAt).toBeNull();
    await withKey(app, secret, '/api/admin/orders');
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses keys on the keys own routes, whatever their scopes', async ({ app, admin }) => {
    const { key, secret } = await makeKey(admin, ['settings:write', 'settings:read']);
    const sessionOnly = refusal('FORBIDDEN', apiKeyMessages.sessionOnly);
    expect(await withKey(app, secret, '/api/admin/api-keys')).toMatchObject({
      status: 403,
      body: sessionOnly,
    });
    const create = await withKey(app, secret, '/api/admin/api-keys', {
      method: 'POST',
      body: { name: 'Escalated', scopes: ['orders:refund'], expiresInDays: 30 },
    });
    expect(create).toMatchObject({ status: 403, body: sessionOnly });
    const revoke = await withKey(app, secret, `/api/admin/api-keys/${key.id}/revoke`, {
      method: 'POST',
    });
    expect(revoke).toMatchObject({ status: 403, body: sessionOnly });
  });

  it('refuses a visitor and a customer the keys routes, and a key without scopes', async ({
    app,
    admin,
    customer,
  }) => {
    expect((await new TestBrowser(app).request('/api/admin/api-keys')).status).toBe(401);
    expect((await customer.request('/api/admin/api-keys')).status).toBe(403);
    const empty = await admin.request('/api/admin/api-keys', {
      body: { name: 'Nothing', scopes: [], expiresInDays: 30 },
    });
    expect(empty.status).toBe(400);
    const forever = await admin.request('/api/admin/api-keys', {
      body: { name: 'Forever', scopes: ['orders:read'], expiresInDays: 100_000 },
    });
    expect(forever.status).toBe(400);
  });

  it('stops a key whose owner is no longer a store admin', async ({ app, db }) => {
    const { browser, user } = await signedInAdmin(
      app,
      `former-${randomUUID().slice(0, 6)}@example.com`,
    );
    const answer = await browser.request('/api/admin/api-keys', {
      body: { name: 'Left', scopes: ['orders:read'], expiresInDays: 7 },
    });
    const { secret } = answer.body as unknown as CreatedApiKey;
    await db.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
    expect((await withKey(app, secret, '/api/admin/orders')).status).toBe(403);
  });
});

describe('every admin route', () => {
  it('has a scope an API key needs, in the app and in its OpenAPI document', async ({ app }) => {
    const gates = new Set<unknown>([requireAdmin]);
    const missing: string[] = [];
    for (const route of app.app.routes) {
      if (!route.path.startsWith('/api/admin/') || route.path.endsWith('/*')) continue;
      if (gates.has(route.handler) || route.method === 'ALL') continue;
      if (requiredScope(route.method, route.path) === null) {
        missing.push(`${route.method} ${route.path}`);
      }
    }
    expect(missing).toEqual([]);

    const doc = (await (await app.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { 'x-scopes'?: string[]; security?: unknown }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(doc.components.securitySchemes.apiKey).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const undocumented: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/admin/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        operations++;
        const sessionOnly = requiredScope(method, `/api${path}`) === SESSION_ONLY;
        const scopes = operation['x-scopes'];
        if (!scopes || (!sessionOnly && scopes.length !== 1) || !operation.security) {
          undocumented.push(`${method} ${path}`);
        }
      }
    }
    expect(undocumented).toEqual([]);
    expect(operations).toBeGreaterThan(50);
    expect(doc.paths['/admin/orders/{id}/refunds']?.post?.['x-scopes']).toEqual(['orders:refund']);
    expect(doc.paths['/admin/orders']?.get?.['x-scopes']).toEqual(['orders:read']);
    expect(doc.paths['/admin/api-keys']?.post?.['x-scopes']).toEqual([]);
  });
});
