import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminPromoMessages, type AdminPromoCode } from '#shared/admin-promos';
import { adminAudit, orders, promoCodes, type ProductRow } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

let pack: ProductRow;
test.beforeAll(async ({ db }) => {
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2000 });
});
test.beforeEach(async ({ db }) => {
  await db.delete(orders);
  await db.delete(promoCodes);
  await db.delete(adminAudit);
});

const create = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/promo-codes', { method: 'POST', body });
const update = (admin: TestBrowser, code: string, body: Record<string, unknown>) =>
  admin.request(`/api/admin/promo-codes/${code}`, { method: 'PATCH', body });
const dataOf = (body: unknown) => (body as { data: AdminPromoCode }).data;
const auditOf = (db: Db, code: string) =>
  db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.entityType, 'promo-code'), eq(adminAudit.entityId, code)));
const fieldsOf = (body: unknown) =>
  (body as { error: { code: string; fields: Record<string, string[]> } }).error;

describe('creating a promo code', () => {
  it('stores the code upper-case with its terms, lists it active, and records who made it', async ({
    app,
    db,
    admin,
  }) => {
    const kits = await createCategory(db);
    const answer = await create(admin, {
      code: ' spring-25 ',
      percentOff: 25,
      startsAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2099-01-01T00:00:00.000Z',
      maxRedemptions: 100,
      oncePerCustomer: true,
      productIds: [pack.id],
      categoryIds: [kits.id],
    });
    expect(answer.status).toBe(201);
    expect(dataOf(answer.body)).toMatchObject({
      code: 'SPRING-25',
      percentOff: 25,
      isActive: true,
      startsAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2099-01-01T00:00:00.000Z',
      maxRedemptions: 100,
      redemptions: 0,
      oncePerCustomer: true,
      productIds: [pack.id],
      categoryIds: [kits.id],
      status: 'active',
      stats: { uses: 0, revenueCents: 0, discountCents: 0, refundedUses: 0 },
    });
    const list = await admin.request('/api/admin/promo-codes');
    expect((list.body as { data: AdminPromoCode[] }).data.map((p) => p.code)).toEqual([
      'SPRING-25',
    ]);
    const [entry] = await auditOf(db, 'SPRING-25');
    expect(entry).toMatchObject({ action: 'create', actorId: admin.user.id });
    expect(entry?.changes.percentOff).toEqual([null, 25]);
    // The shopper's side takes it at once, in any case.
    const preview = await new TestBrowser(app).request('/api/promo-codes/validate', {
      body: { code: 'spring-25', productIds: [pack.id] },
    });
    expect(preview.body).toEqual({
      code: 'SPRING-25',
      percentOff: 25,
      amountOffCents: null,
      productIds: [pack.id],
    });
  });

  it('stores a fixed-amount code in cents, with no percent, and audits it', async ({
    db,
    admin,
  }) => {
    const answer = await create(admin, { code: 'fiveoff', amountOffCents: 500 });
    expect(answer.status).toBe(201);
    expect(dataOf(answer.body)).toMatchObject({
      code: 'FIVEOFF',
      percentOff: null,
      amountOffCents: 500,
    });
    const [entry] = await auditOf(db, 'FIVEOFF');
    expect(entry?.changes.amountOffCents).toEqual([null, 500]);
    const changed = await admin.request('/api/admin/promo-codes/FIVEOFF', {
      method: 'PATCH',
      body: { percentOff: 10 },
    });
    expect(dataOf(changed.body)).toMatchObject({ percentOff: 10, amountOffCents: null });
  });

  it('holds exactly one of a percent and an amount in the database too', async ({ db }) => {
    await expect(db.insert(promoCodes).values({ code: 'NEITHER' })).rejects.toThrow();
    await expect(
      db.insert(promoCodes).values({ code: 'BOTHKIND', percentOff: 5, amountOffCents: 5 }),
    ).rejects.toThrow();
    await expect(
      db.insert(promoCodes).values({ code: 'FREEBIE', amountOffCents: 0 }),
    ).rejects.toThrow();
  });

  it('refuses a code that exists, in any case, with 409 naming the code field', async ({
    db,
    admin,
  }) => {
    expect((await create(admin, { code: 'SUMMER', percentOff: 10 })).status).toBe(201);
    const again = await create(admin, { code: 'summer', percentOff: 30 });
    expect(again.status).toBe(409);
    expect(fieldsOf(again.body)).toEqual({
      code: 'CONFLICT',
      message: adminPromoMessages.codeTaken,
      fields: { code: [adminPromoMessages.codeTaken] },
    });
    expect((await db.select().from(promoCodes)).map((p) => [p.code, p.percentOff])).toEqual([
      ['SUMMER', 10],
    ]);
    expect(await auditOf(db, 'SUMMER')).toHaveLength(1);
  });

  it.for<[string, Record<string, unknown>, string, string]>([
    ['a short code', { code: 'AB', percentOff: 10 }, 'code', adminPromoMessages.codeLength],
    [
      'spaces in a code',
      { code: 'TWO WORDS', percentOff: 10 },
      'code',
      adminPromoMessages.codeFormat,
    ],
    ['no percent and no amount', { code: 'NOPCT' }, 'percentOff', adminPromoMessages.kind],
    [
      'both a percent and an amount',
      { code: 'BOTH', percentOff: 5, amountOffCents: 500 },
      'percentOff',
      adminPromoMessages.kind,
    ],
    [
      'an amount of 0',
      { code: 'NOAMT', amountOffCents: 0 },
      'amountOffCents',
      adminPromoMessages.amount,
    ],
    [
      'a fraction of a cent',
      { code: 'CENT', amountOffCents: 1.5 },
      'amountOffCents',
      adminPromoMessages.amount,
    ],
    ['0 percent', { code: 'ZERO', percentOff: 0 }, 'percentOff', adminPromoMessages.percent],
    ['101 percent', { code: 'MORE', percentOff: 101 }, 'percentOff', adminPromoMessages.percent],
    ['a fraction', { code: 'HALF', percentOff: 12.5 }, 'percentOff', adminPromoMessages.percent],
    [
      'a cap of 0',
      { code: 'CAP0', percentOff: 5, maxRedemptions: 0 },
      'maxRedemptions',
      adminPromoMessages.cap,
    ],
    [
      'a bad date',
      { code: 'DATE', percentOff: 5, startsAt: 'tomorrow' },
      'startsAt',
      adminPromoMessages.date,
    ],
    [
      'an end before the start',
      {
        code: 'BACK',
        percentOff: 5,
        startsAt: '2030-01-02T00:00:00Z',
        expiresAt: '2030-01-01T00:00:00Z',
      },
      'expiresAt',
      adminPromoMessages.endAfterStart,
    ],
    [
      'an unknown product',
      { code: 'GHOST', percentOff: 5, productIds: ['00000000-0000-4000-8000-000000000000'] },
      'productIds',
      adminPromoMessages.unknownProducts,
    ],
  ])('refuses %s with 400 naming the field', async ([, body, field, message], { db, admin }) => {
    const answer = await create(admin, body);
    expect(answer.status).toBe(400);
    expect(fieldsOf(answer.body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: [message] },
    });
    expect(await db.select().from(promoCodes)).toHaveLength(0);
    expect(await db.select().from(adminAudit)).toHaveLength(0);
  });

  it('keeps an end before the start out of the database too', async ({ db }) => {
    const now = new Date();
    await expect(
      db.insert(promoCodes).values({ code: 'RAW', percentOff: 5, startsAt: now, expiresAt: now }),
    ).rejects.toThrow();
  });
});

describe('editing and deactivating', () => {
  it('changes the terms, not the code, and audits each changed field before and after', async ({
    db,
    admin,
  }) => {
    await create(admin, { code: 'EDITME', percentOff: 10, productIds: [pack.id] });
    const answer = await update(admin, 'editme', {
      percentOff: 15,
      maxRedemptions: 5,
      expiresAt: '2099-01-01T00:00:00.000Z',
      productIds: [],
    });
    expect(answer.status).toBe(200);
    expect(dataOf(answer.body)).toMatchObject({
      code: 'EDITME',
      percentOff: 15,
      maxRedemptions: 5,
      productIds: [],
    });
    const entries = await auditOf(db, 'EDITME');
    const edit = entries.find((e) => e.action === 'update');
    expect(edit?.changes).toEqual({
      percentOff: [10, 15],
      maxRedemptions: [null, 5],
      expiresAt: [null, '2099-01-01T00:00:00.000Z'],
      productIds: [[pack.id], []],
    });
    expect((await update(admin, 'EDITME', { percentOff: 500 })).status).toBe(400);
    expect((await update(admin, 'NOSUCH', { percentOff: 5 })).status).toBe(404);
  });

  it('deactivates a code: listed inactive, refused by the store, audited', async ({
    app,
    db,
    admin,
  }) => {
    await create(admin, { code: 'STOPME', percentOff: 10 });
    const answer = await admin.request('/api/admin/promo-codes/stopme/deactivate', {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    expect(dataOf(answer.body)).toMatchObject({ isActive: false, status: 'inactive' });
    const preview = await new TestBrowser(app).request('/api/promo-codes/validate', {
      body: { code: 'STOPME' },
    });
    expect(preview.body).toEqual({
      error: { code: 'INVALID_PROMO_CODE', message: 'Invalid promo code' },
    });
    const actions = (await auditOf(db, 'STOPME')).map((e) => [e.action, e.changes]);
    expect(actions).toContainEqual(['deactivate', { isActive: [true, false] }]);
    const trail = await admin.request('/api/admin/promo-codes/STOPME/audit');
    expect((trail.body as { data: unknown[] }).data).toHaveLength(2);
  });

  it('shows a code as scheduled, ended or used up by its terms', async ({ db, admin }) => {
    const hour = 3_600_000;
    await db.insert(promoCodes).values([
      { code: 'SOON', percentOff: 5, startsAt: new Date(Date.now() + hour) },
      { code: 'PAST', percentOff: 5, expiresAt: new Date(Date.now() - hour) },
      { code: 'FULL', percentOff: 5, maxRedemptions: 2, redemptions: 2 },
    ]);
    const list = (await admin.request('/api/admin/promo-codes')).body as { data: AdminPromoCode[] };
    expect(Object.fromEntries(list.data.map((p) => [p.code, p.status]))).toEqual({
      SOON: 'scheduled',
      PAST: 'ended',
      FULL: 'used-up',
    });
  });
});

describe("a code's uses, revenue and discount", () => {
  it('counts COMPLETED orders (net of partial refunds); wholly refunded ones apart; unpaid ones not at all', async ({
    db,
    admin,
  }) => {
    await create(admin, { code: 'STATS', percentOff: 10 });
    await create(admin, { code: 'OTHER', percentOff: 10 });
    const paid = { promoCode: 'STATS', subtotalCents: 2000, discountCents: 200, taxCents: 144 };
    await createOrder(db, pack, { ...paid, status: 'COMPLETED', totalCents: 1944 });
    await createOrder(db, pack, {
      ...paid,
      status: 'COMPLETED',
      totalCents: 1944,
      refundedCents: 500,
    });
    await createOrder(db, pack, {
      ...paid,
      status: 'REFUNDED',
      totalCents: 1944,
      refundedCents: 1944,
    });
    for (const status of ['PENDING', 'FAILED', 'CANCELLED'] as const)
      await createOrder(db, pack, { ...paid, status, totalCents: 1944 });
    await createOrder(db, pack, {
      ...paid,
      promoCode: 'OTHER',
      status: 'COMPLETED',
      totalCents: 1944,
    });
    await createOrder(db, pack, { status: 'COMPLETED' });

    const list = (await admin.request('/api/admin/promo-codes')).body as { data: AdminPromoCode[] };
    const stats = Object.fromEntries(list.data.map((p) => [p.code, p.stats]));
    expect(stats).toEqual({
      STATS: { uses: 2, revenueCents: 1944 + 1944 - 500, discountCents: 400, refundedUses: 1 },
      OTHER: { uses: 1, revenueCents: 1944, discountCents: 200, refundedUses: 0 },
    });
  });
});
