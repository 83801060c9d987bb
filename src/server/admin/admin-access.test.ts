import { describe, expect } from 'vitest';
import { adminMessages } from '#shared/admin';
import { TestBrowser } from '#tests/support/auth-client';
import type { TestContext } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';
import { requireAdmin } from './require-admin';

/**
 * The authorization matrix of the store admin: every route the app registers under
 * /api/admin, read from the app itself (so routes added later are walked too), tried as a
 * visitor, a customer and an admin.
 */

const ANY_ID = '00000000-0000-4000-8000-000000000000';
/** What a handler registered for every method is tried with. */
const EVERY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Each admin route once per method, its parameters and wildcards filled in. */
function adminRoutes(app: TestContext['app']) {
  const seen = new Set<string>();
  const calls: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    if (!route.path.startsWith('/api/admin') || route.handler === requireAdmin) continue;
    const path = route.path.replace(/:[^/]+/g, ANY_ID).replace(/\*/g, 'any');
    for (const method of route.method === 'ALL' ? EVERY_METHOD : [route.method]) {
      const key = `${method} ${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      calls.push({ method, path });
    }
  }
  return calls;
}

const send = (browser: TestBrowser, { method, path }: { method: string; path: string }) =>
  browser.request(path, { method, body: method === 'GET' || method === 'HEAD' ? undefined : {} });

describe('every /api/admin route', () => {
  it('is found in the app, the ones of this part included', ({ app }) => {
    const found = adminRoutes(app.app).map(({ method, path }) => `${method} ${path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/admin/summary',
        'GET /api/admin/dashboard',
        'GET /api/admin/categories',
        'POST /api/admin/categories',
        `PATCH /api/admin/categories/${ANY_ID}`,
        `PUT /api/admin/categories/${ANY_ID}/slug`,
        'PUT /api/admin/categories/order',
        `DELETE /api/admin/categories/${ANY_ID}`,
        `GET /api/admin/categories/${ANY_ID}/audit`,
        'GET /api/admin/orders',
        `GET /api/admin/orders/${ANY_ID}`,
        `POST /api/admin/orders/${ANY_ID}/refunds`,
        `POST /api/admin/orders/${ANY_ID}/receipt`,
        `POST /api/admin/orders/${ANY_ID}/items/${ANY_ID}/downloads`,
        `POST /api/admin/orders/${ANY_ID}/cancel`,
        'GET /api/admin/customers',
        `GET /api/admin/customers/${ANY_ID}`,
        `POST /api/admin/customers/${ANY_ID}/ban`,
        `POST /api/admin/customers/${ANY_ID}/unban`,
        `POST /api/admin/customers/${ANY_ID}/revoke-sessions`,
        `GET /api/admin/customers/${ANY_ID}/audit`,
        'GET /api/admin/promo-codes',
        'POST /api/admin/promo-codes',
        `GET /api/admin/promo-codes/${ANY_ID}`,
        `PATCH /api/admin/promo-codes/${ANY_ID}`,
        `POST /api/admin/promo-codes/${ANY_ID}/deactivate`,
        `GET /api/admin/promo-codes/${ANY_ID}/audit`,
      ]),
    );
  });

  it('answers a visitor 401 UNAUTHORIZED', async ({ app }) => {
    const visitor = new TestBrowser(app);
    for (const call of adminRoutes(app.app)) {
      const answer = await send(visitor, call);
      expect({ ...call, status: answer.status, body: answer.body }).toEqual({
        ...call,
        status: 401,
        body: { error: { code: 'UNAUTHORIZED', message: adminMessages.notSignedIn } },
      });
    }
  });

  it('answers a signed-in customer 403 FORBIDDEN', async ({ app, customer }) => {
    for (const call of adminRoutes(app.app)) {
      const answer = await send(customer, call);
      expect({ ...call, status: answer.status, body: answer.body }).toEqual({
        ...call,
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: adminMessages.forbidden } },
      });
    }
  });

  it('lets an admin through to the route', async ({ app, admin }) => {
    const refused: string[] = [];
    for (const call of adminRoutes(app.app)) {
      const { status } = await send(admin, call);
      if (status === 401 || status === 403) refused.push(`${call.method} ${call.path}: ${status}`);
    }
    expect(refused).toEqual([]);
  });

  it('refuses a path under /api/admin that no route takes as it would any admin path', async ({
    app,
    admin,
    customer,
  }) => {
    expect((await new TestBrowser(app).request('/api/admin/nothing-here')).status).toBe(401);
    expect((await customer.request('/api/admin/nothing-here')).status).toBe(403);
    expect((await admin.request('/api/admin/nothing-here')).status).toBe(404);
  });
});
