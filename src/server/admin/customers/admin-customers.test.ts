import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AuditEntryView } from '#shared/admin';
import {
  BANNED_MESSAGE,
  customerMessages,
  type AdminCustomer,
  type AdminCustomerPage,
  type AdminCustomerRow,
} from '#shared/admin-customers';
import { orderNumber } from '#shared/checkout';
import { adminAudit, downloads, orderItems, sessions, users } from '#server/db/schema';
import { signedInAdmin, signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct, minutesAgo } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import type { Db } from '#server/db/client';

// Every test signs people up and in from one address: better-auth's per-address limit aside.
test.override('appOptions', { config: { authAttemptsPerMinute: 1000 } });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'correct-horse';
const customerPage = async (admin: TestBrowser, id: string) => {
  const answer = await admin.request(`/api/admin/customers/${id}`);
  expect(answer.status).toBe(200);
  return (answer.body as { data: AdminCustomer }).data;
};
const list = async (admin: TestBrowser, query: string) => {
  const answer = await admin.request(`/api/admin/customers${query}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as AdminCustomerPage;
};
/** An account by its id, a guest by their address. */
const idOf = (row: AdminCustomerRow) => (row.kind === 'account' ? row.id : row.email);
const ban = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(`/api/admin/customers/${id}/ban`, { method: 'POST', body });
const post = (admin: TestBrowser, id: string, action: 'unban' | 'revoke-sessions') =>
  admin.request(`/api/admin/customers/${id}/${action}`, { method: 'POST', body: {} });
const signIn = (app: TestContext, email: string) =>
  new TestBrowser(app).request('/api/auth/sign-in/email', { body: { email, password: PASSWORD } });
const auditOf = async (admin: TestBrowser, id: string) => {
  const answer = await admin.request(`/api/admin/customers/${id}/audit`);
  return (answer.body as { data: AuditEntryView[] }).data;
};
/** A signed-up account, without the round trip of signing up (for the list's tests). */
async function account(db: Db, email: string, name: string, createdAt: Date) {
  const [row] = await db
    .insert(users)
    .values({ email, name, emailVerified: true, createdAt, updatedAt: createdAt })
    .returning();
  return row!;
}

describe('the customers list', () => {
  it('pages every account newest first and finds one by a part of its email or name', async ({
    db,
    admin,
  }) => {
    const tag = `list${Date.now()}`;
    const old = await account(db, `${tag}-ada@example.com`, 'Ada Lovelace', minutesAgo(-30));
    const mid = await account(db, `${tag}-bo@example.com`, '', minutesAgo(-31));
    const now = await account(db, `${tag}-cy@example.com`, 'Cy Twombly', minutesAgo(-32));
    // Newest first, across pages; a page of 2 then the rest.
    const first = await list(admin, `?q=${tag}&pageSize=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.data.map(idOf)).toEqual([now.id, mid.id]);
    const second = await list(admin, `?q=${tag}&pageSize=2&page=2`);
    expect(second.data.map(idOf)).toEqual([old.id]);
    expect(second.total).toBe(3);
    // A page past the end is empty and still says how many there are.
    expect(await list(admin, `?q=${tag}&pageSize=2&page=5`)).toMatchObject({ total: 3, data: [] });
    expect(second.data[0]).toEqual({
      kind: 'account',
      id: old.id,
      email: `${tag}-ada@example.com`,
      name: 'Ada Lovelace',
      role: 'customer',
      emailVerified: true,
      ban: null,
      orderCount: 0,
      spentCents: 0,
      createdAt: old.createdAt.toISOString(),
    });
    // By name, in any case; by a part of the email.
    expect((await list(admin, '?q=LOVELACE')).data.map(idOf)).toEqual([old.id]);
    expect((await list(admin, `?q=${tag}-bo@`)).data.map(idOf)).toEqual([mid.id]);
    // LIKE's wildcards are plain characters here.
    expect(await list(admin, '?q=%25')).toMatchObject({ data: [], total: 0 });
    expect(await list(admin, '?q=_')).toMatchObject({ data: [], total: 0 });
  });

  it("lists guest buyers by e-mail with their orders and spend, searchable, opening their orders; never an account's address or a deleted account's orders", async ({
    db,
    admin,
  }) => {
    const tag = `guest${Date.now()}`;
    const product = await createProduct(db, { name: 'Guest Kit', priceCents: 2000 });
    const member = await account(db, `${tag}-member@example.com`, 'Mo Member', minutesAgo(-50));
    const guestEmail = `${tag}-gail@example.com`;
    // Gail's first order paid (then 500 refunded), a later one unpaid, typed in capitals.
    const first = await createOrder(db, product, {
      email: guestEmail,
      status: 'COMPLETED',
      completedAt: minutesAgo(-40),
      createdAt: minutesAgo(-40),
      refundedCents: 500,
    });
    const later = await createOrder(db, product, {
      email: guestEmail.toUpperCase(),
      createdAt: minutesAgo(-45),
    });
    // Paid without signing in, but with the member's address: the member's, not a guest.
    await createOrder(db, product, {
      email: member.email,
      status: 'COMPLETED',
      completedAt: minutesAgo(-41),
    });
    // A deleted account's paid order (its address replaced): never a guest.
    await createOrder(db, product, {
      email: `${tag}-deleted@example.invalid`,
      status: 'COMPLETED',
      completedAt: minutesAgo(-42),
      customerDeletedAt: new Date(),
    });
    // A checkout abandoned before paying: no buyer.
    await createOrder(db, product, { email: `${tag}-abandoned@example.com` });

    const page = await list(admin, `?q=${tag}`);
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      expect.objectContaining({ kind: 'account', id: member.id, orderCount: 0 }),
      {
        kind: 'guest',
        email: guestEmail,
        orderCount: 2,
        spentCents: 1500,
        createdAt: first.order.createdAt.toISOString(),
      },
    ]);
    // Paged by the database across both: one a page.
    expect((await list(admin, `?q=${tag}&pageSize=1&page=2`)).data).toEqual([
      expect.objectContaining({ kind: 'guest', email: guestEmail }),
    ]);
    expect((await list(admin, `?q=${tag}-GAIL`)).data).toEqual([
      expect.objectContaining({ kind: 'guest', email: guestEmail }),
    ]);

    const guest = await admin.request(
      `/api/admin/customers/guest?email=${encodeURIComponent(guestEmail.toUpperCase())}`,
    );
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({
      data: {
        kind: 'guest',
        email: guestEmail,
        orderCount: 2,
        spentCents: 1500,
        createdAt: first.order.createdAt.toISOString(),
        orders: [later.order, first.order].map((order) => ({
          id: order.id,
          orderNumber: orderNumber(order.id),
          createdAt: order.createdAt.toISOString(),
          status: order.status,
          totalCents: 2000,
        })),
      },
    });
    for (const email of [member.email, `${tag}-deleted@example.invalid`, 'nobody@example.com']) {
      const none = await admin.request(
        `/api/admin/customers/guest?email=${encodeURIComponent(email)}`,
      );
      expect(none.status).toBe(404);
      expect(none.body).toEqual({
        error: { code: 'NOT_FOUND', message: customerMessages.guestNotFound },
      });
    }
    // The account's own page counts what it spent.
    expect(await customerPage(admin, member.id)).toMatchObject({ spentCents: 0, orderCount: 0 });
  });

  it('refuses a page size past the limit and a page below 1, naming the field', async ({
    admin,
  }) => {
    const big = await admin.request('/api/admin/customers?pageSize=101');
    expect(big).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(big.body).toHaveProperty('error.fields.pageSize');
    const zero = await admin.request('/api/admin/customers?page=0');
    expect(zero.body).toHaveProperty('error.fields.page');
  });
});

describe("a customer's page", () => {
  it('shows their orders, downloads per purchased item and open sessions', async ({
    app,
    db,
    admin,
  }) => {
    const { user, browser } = await signedInBrowser(app, 'page@example.com');
    const beat = await createProduct(db, { name: 'Beat Kit', downloadLimit: 3 });
    const synth = await createProduct(db, { name: 'Synth Pack', downloadLimit: 5 });
    const paid = await createOrder(db, beat, {
      userId: user.id,
      email: user.email,
      status: 'COMPLETED',
      completedAt: minutesAgo(60),
      createdAt: minutesAgo(61),
    });
    const pending = await createOrder(db, synth, {
      userId: user.id,
      email: user.email,
      createdAt: minutesAgo(5),
    });
    // Two of the paid item's three downloads spent, the last ten minutes ago.
    await db
      .update(orderItems)
      .set({ downloadsRemaining: 1 })
      .where(eq(orderItems.id, paid.item.id));
    await db.insert(downloads).values([
      {
        userId: user.id,
        productId: beat.id,
        orderItemId: paid.item.id,
        createdAt: minutesAgo(30),
      },
      {
        userId: user.id,
        productId: beat.id,
        orderItemId: paid.item.id,
        createdAt: minutesAgo(10),
      },
    ]);

    const page = await customerPage(admin, user.id);
    expect(page).toMatchObject({
      id: user.id,
      email: 'page@example.com',
      orderCount: 2,
      ban: null,
    });
    expect(page.orders).toEqual([
      {
        id: pending.order.id,
        orderNumber: orderNumber(pending.order.id),
        createdAt: pending.order.createdAt.toISOString(),
        status: 'PENDING',
        totalCents: synth.priceCents,
      },
      {
        id: paid.order.id,
        orderNumber: orderNumber(paid.order.id),
        createdAt: paid.order.createdAt.toISOString(),
        status: 'COMPLETED',
        totalCents: beat.priceCents,
      },
    ]);
    // The unpaid order's item is no purchase yet.
    expect(page.downloads).toEqual([
      {
        orderItemId: paid.item.id,
        orderNumber: orderNumber(paid.order.id),
        productId: beat.id,
        productName: 'Beat Kit',
        used: 2,
        allowed: 3,
        lastDownloadAt: expect.any(String) as string,
      },
    ]);
    const [lastDownload] = await db
      .select()
      .from(downloads)
      .where(eq(downloads.orderItemId, paid.item.id))
      .orderBy(downloads.createdAt)
      .offset(1);
    expect(page.downloads[0]?.lastDownloadAt).toBe(lastDownload?.createdAt.toISOString());
    // The session the customer is signed in with, as better-auth stored it.
    const stored = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(page.sessions).toEqual([
      {
        id: stored[0]!.id,
        createdAt: stored[0]!.createdAt.toISOString(),
        updatedAt: stored[0]!.updatedAt.toISOString(),
        expiresAt: stored[0]!.expiresAt.toISOString(),
        ipAddress: stored[0]!.ipAddress,
        userAgent: stored[0]!.userAgent,
      },
    ]);
    expect(browser.hasSession()).toBe(true);
  });

  it('answers 404 Customer not found for an id no account has, and alike for one that is not an id', async ({
    admin,
  }) => {
    for (const id of [UNKNOWN, 'not-an-id']) {
      for (const answer of [
        await admin.request(`/api/admin/customers/${id}`),
        await ban(admin, id, { reason: 'Spam' }),
        await post(admin, id, 'unban'),
        await post(admin, id, 'revoke-sessions'),
      ]) {
        expect(answer).toMatchObject({
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: customerMessages.notFound } },
        });
      }
    }
  });
});

describe('banning a customer', () => {
  it('ends their sessions at once, refuses their sign-in, and unbanning lets them in again', async ({
    app,
    db,
    admin,
  }) => {
    const { user, browser } = await signedInBrowser(app, 'banned@example.com');
    expect((await browser.request('/api/orders')).status).toBe(200);

    const answer = await ban(admin, user.id, { reason: '  Chargeback fraud  ' });
    expect(answer.status).toBe(200);
    const banned = (answer.body as { data: AdminCustomer }).data;
    expect(banned).toMatchObject({ ban: { reason: 'Chargeback fraud', expiresAt: null } });
    expect(banned.sessions).toEqual([]);

    // The session they had is gone: the next call is a visitor's.
    expect(await browser.request('/api/orders')).toMatchObject({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED' } },
    });
    expect(await signIn(app, user.email)).toMatchObject({
      status: 403,
      body: { error: { code: 'BANNED_USER', message: BANNED_MESSAGE } },
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const unbanned = await post(admin, user.id, 'unban');
    expect(unbanned.status).toBe(200);
    expect((unbanned.body as { data: AdminCustomer }).data.ban).toBeNull();
    const again = await signIn(app, user.email);
    expect(again.status).toBe(200);
    expect((await again.response.headers.getSetCookie()).length).toBeGreaterThan(0);

    // Both writes are in the customer's audit log, with their author.
    const [unbanEntry, banEntry] = await auditOf(admin, user.id);
    expect(banEntry).toMatchObject({
      action: 'ban',
      actor: { id: admin.user.id, email: 'owner@example.com' },
      changes: {
        banned: [false, true],
        banReason: [null, 'Chargeback fraud'],
        sessions: [1, 0],
      },
    });
    expect(unbanEntry).toMatchObject({
      action: 'unban',
      changes: { banned: [true, false], banReason: ['Chargeback fraud', null] },
    });
  });

  it('bans for a number of days when asked, and an ended ban is no ban', async ({
    app,
    db,
    admin,
  }) => {
    const { user } = await signedInBrowser(app, 'for-a-week@example.com');
    const before = Date.now();
    const answer = await ban(admin, user.id, { reason: 'Cooling off', days: 7 });
    const expiresAt = (answer.body as { data: AdminCustomer }).data.ban?.expiresAt;
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(Date.parse(expiresAt!)).toBeGreaterThanOrEqual(before + week - 1000);
    expect(Date.parse(expiresAt!)).toBeLessThanOrEqual(Date.now() + week + 1000);

    // Once the end has passed, the list shows no ban and better-auth lets them sign in.
    await db
      .update(users)
      .set({ banExpires: minutesAgo(1) })
      .where(eq(users.id, user.id));
    expect((await customerPage(admin, user.id)).ban).toBeNull();
    expect((await signIn(app, user.email)).status).toBe(200);
  });

  it('refuses to ban yourself or another admin, with CONFLICT, and records nothing', async ({
    app,
    db,
    admin,
  }) => {
    const other = await signedInAdmin(app, 'co-owner@example.com');
    const self = await ban(admin, admin.user.id, { reason: 'Oops' });
    expect(self).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: customerMessages.cannotBanSelf } },
    });
    const colleague = await ban(admin, other.user.id, { reason: 'Oops' });
    expect(colleague).toMatchObject({
      status: 409,
      body: { error: { code: 'CONFLICT', message: customerMessages.cannotBanAdmin } },
    });
    expect((await other.browser.request('/api/admin/summary')).status).toBe(200);
    const written = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'customer'), eq(adminAudit.entityId, other.user.id)));
    expect(written).toEqual([]);
    expect((await customerPage(admin, admin.user.id)).ban).toBeNull();
  });

  it('refuses a blank or long reason and a bad number of days, naming the field', async ({
    app,
    admin,
  }) => {
    const { user } = await signedInBrowser(app, 'valid@example.com');
    const cases: [unknown, string, string][] = [
      [{ reason: '   ' }, 'reason', customerMessages.reasonRequired],
      [{}, 'reason', 'Invalid input: expected string, received undefined'],
      [{ reason: 'x'.repeat(501) }, 'reason', customerMessages.reasonTooLong],
      [{ reason: 'Spam', days: 0 }, 'days', customerMessages.daysRange],
      [{ reason: 'Spam', days: 366 }, 'days', customerMessages.daysRange],
      [{ reason: 'Spam', days: 1.5 }, 'days', customerMessages.daysRange],
    ];
    for (const [body, field, message] of cases) {
      const answer = await ban(admin, user.id, body);
      expect({ body, status: answer.status, code: answer.body?.error }).toMatchObject({
        body,
        status: 400,
        code: { code: 'VALIDATION_FAILED', fields: { [field]: [message] } },
      });
    }
    expect((await customerPage(admin, user.id)).ban).toBeNull();
  });
});

describe('signing a customer out everywhere', () => {
  it('ends every session they have, and they can sign in again', async ({ app, admin }) => {
    const { user, browser } = await signedInBrowser(app, 'everywhere@example.com');
    const phone = new TestBrowser(app);
    expect(
      (
        await phone.request('/api/auth/sign-in/email', {
          body: { email: user.email, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await customerPage(admin, user.id)).sessions).toHaveLength(2);

    const answer = await post(admin, user.id, 'revoke-sessions');
    expect(answer.status).toBe(200);
    expect((answer.body as { data: AdminCustomer }).data.sessions).toEqual([]);
    expect((await browser.request('/api/orders')).status).toBe(401);
    expect((await phone.request('/api/orders')).status).toBe(401);
    expect((await signIn(app, user.email)).status).toBe(200);

    const [entry] = await auditOf(admin, user.id);
    expect(entry).toMatchObject({
      action: 'revoke-sessions',
      actor: { id: admin.user.id },
      changes: { sessions: [2, 0] },
    });
  });
});

describe('the contract', () => {
  it('describes the customers routes and the ban body in /api/openapi.json', async ({ app }) => {
    const answer = await app.request('/api/openapi.json');
    const contract = (await answer.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(Object.keys(contract.paths)).toEqual(
      expect.arrayContaining([
        '/admin/customers',
        '/admin/customers/{id}',
        '/admin/customers/{id}/ban',
        '/admin/customers/{id}/unban',
        '/admin/customers/{id}/revoke-sessions',
        '/admin/customers/{id}/audit',
      ]),
    );
    expect(contract.paths['/admin/customers/{id}/ban']?.post?.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: { reason: { type: 'string', maxLength: 500 }, days: { type: 'integer' } },
            required: ['reason'],
          },
        },
      },
    });
  });
});
