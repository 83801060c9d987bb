import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { adminSaleMessages, type AdminSale } from '#shared/admin-sales';
import { adminAudit, sales, type CategoryRow, type ProductRow } from '#server/db/schema';
import type { TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import type { Db } from '#server/db/client';

let kits: CategoryRow;
let pack: ProductRow;
test.beforeAll(async ({ db }) => {
  kits = await createCategory(db, { name: 'Drum Kits', slug: 'drum-kits' });
  pack = await createProduct(db, { name: 'Drum Pack', priceCents: 2000, categoryId: kits.id });
});
test.beforeEach(async ({ db }) => {
  await db.delete(sales);
  await db.delete(adminAudit);
});

const hour = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();
const form = (fields: Record<string, unknown> = {}) => ({
  name: 'Spring sale',
  percentOff: 20,
  categoryId: kits.id,
  startsAt: at(-hour),
  endsAt: at(24 * hour),
  ...fields,
});
const create = (admin: TestBrowser, body: Record<string, unknown>) =>
  admin.request('/api/admin/sales', { method: 'POST', body });
const dataOf = (body: unknown) => (body as { data: AdminSale }).data;
const errorOf = (body: unknown) =>
  (body as { error: { code: string; message: string; fields?: Record<string, string[]> } }).error;
const auditOf = (db: Db, id: string) =>
  db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.entityType, 'sale'), eq(adminAudit.entityId, id)));

describe('the admin’s sales', () => {
  it('creates a sale on a category, lists it running with its category, and records who made it', async ({
    db,
    admin,
  }) => {
    const answer = await create(admin, form({ name: '  Spring sale ' }));
    expect(answer.status).toBe(201);
    const sale = dataOf(answer.body);
    expect(sale).toMatchObject({
      name: 'Spring sale',
      percentOff: 20,
      categoryId: kits.id,
      productId: null,
      targetName: 'Drum Kits',
      status: 'running',
    });
    const list = await admin.request('/api/admin/sales');
    expect((list.body as { data: AdminSale[] }).data.map((s) => s.id)).toEqual([sale.id]);
    const [entry] = await auditOf(db, sale.id);
    expect(entry).toMatchObject({ action: 'create', actorId: admin.user.id });
    expect(entry?.changes.percentOff).toEqual([null, 20]);
  });

  it('edits a sale (a product instead of the category, a later start) and audits the change', async ({
    db,
    admin,
  }) => {
    const sale = dataOf((await create(admin, form())).body);
    const answer = await admin.request(`/api/admin/sales/${sale.id}`, {
      method: 'PATCH',
      body: form({
        categoryId: null,
        productId: pack.id,
        startsAt: at(hour),
        endsAt: at(2 * hour),
      }),
    });
    expect(answer.status).toBe(200);
    expect(dataOf(answer.body)).toMatchObject({
      productId: pack.id,
      categoryId: null,
      targetName: 'Drum Pack',
      status: 'scheduled',
    });
    const entries = await auditOf(db, sale.id);
    const update = entries.find((e) => e.action === 'update');
    expect(update?.changes.productId).toEqual([null, pack.id]);
  });

  it('ends a running sale now; refuses to end one not started or ended', async ({ db, admin }) => {
    const sale = dataOf((await create(admin, form())).body);
    const ended = await admin.request(`/api/admin/sales/${sale.id}/end`, { method: 'POST' });
    expect(ended.status).toBe(200);
    expect(dataOf(ended.body).status).toBe('ended');
    expect(Date.parse(dataOf(ended.body).endsAt)).toBeLessThanOrEqual(Date.now());
    expect((await auditOf(db, sale.id)).map((e) => e.action).sort()).toEqual(['create', 'end']);
    const again = await admin.request(`/api/admin/sales/${sale.id}/end`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(adminSaleMessages.ended);
    const later = dataOf(
      (await create(admin, form({ startsAt: at(hour), endsAt: at(2 * hour) }))).body,
    );
    const early = await admin.request(`/api/admin/sales/${later.id}/end`, { method: 'POST' });
    expect(errorOf(early.body).message).toBe(adminSaleMessages.notStarted);
  });

  it('deletes a sale, audited; an unknown id is 404', async ({ db, admin }) => {
    const sale = dataOf((await create(admin, form())).body);
    const answer = await admin.request(`/api/admin/sales/${sale.id}`, { method: 'DELETE' });
    expect(answer.status).toBe(204);
    expect(await db.select().from(sales)).toEqual([]);
    expect((await auditOf(db, sale.id)).map((e) => e.action).sort()).toEqual(['create', 'delete']);
    const missing = await admin.request(`/api/admin/sales/${sale.id}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body).message).toBe(adminSaleMessages.notFound);
    expect((await admin.request('/api/admin/sales/not-an-id')).status).toBe(404);
  });

  it.for<[string, Record<string, unknown>, string, string]>([
    ['a percent of 0', { percentOff: 0 }, 'percentOff', adminSaleMessages.percent],
    ['a percent of 101', { percentOff: 101 }, 'percentOff', adminSaleMessages.percent],
    ['half a percent', { percentOff: 12.5 }, 'percentOff', adminSaleMessages.percent],
    ['a blank name', { name: '   ' }, 'name', adminSaleMessages.name],
    [
      'both targets',
      { productId: '00000000-0000-4000-8000-000000000000' },
      'productId',
      adminSaleMessages.target,
    ],
    ['no target', { categoryId: null }, 'productId', adminSaleMessages.target],
    [
      'an end before the start',
      { endsAt: at(-2 * hour) },
      'endsAt',
      adminSaleMessages.endAfterStart,
    ],
    ['no end', { endsAt: 'soon' }, 'endsAt', adminSaleMessages.date],
    [
      'an unknown category',
      { categoryId: '00000000-0000-4000-8000-000000000000' },
      'categoryId',
      adminSaleMessages.unknownCategory,
    ],
  ])('refuses %s, naming the field', async ([, change, field, message], { db, admin }) => {
    const answer = await create(admin, form(change));
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).fields?.[field]).toEqual([message]);
    expect(await db.select().from(sales)).toEqual([]);
  });

  it('is the owner’s: a customer gets 403', async ({ customer }) => {
    expect((await customer.request('/api/admin/sales')).status).toBe(403);
  });
});
