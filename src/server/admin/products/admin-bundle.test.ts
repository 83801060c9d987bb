import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { AuditEntryView } from '#shared/admin-products-api';
import { bundleMessages as m, type AdminBundle } from '#shared/bundles';
import type { ApiErrorBody } from '#shared/errors';
import type { Db } from '#server/db/client';
import { bundleItems, products, productUpgrades } from '#server/db/schema';
import { TestBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import { catalogueChanges } from '#server/catalogue/catalogue-changes';
import { it, test } from '#tests/support/fixtures';

/** The store's catalogue change notifications: what drops rendered pages and other caches. */
let notified = 0;
const changes = catalogueChanges();
changes.subscribe(() => notified++);
test.override('appOptions', { catalogueChanges: changes });

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const bundlePath = (id: string) => `/api/admin/products/${id}/bundle`;
const save = (admin: TestBrowser, id: string, body: unknown) =>
  admin.request(bundlePath(id), { method: 'PUT', body });
const panelOf = (res: { body: unknown }) => (res.body as { data: AdminBundle }).data;

/** Two active packs and a product to make their bundle. */
async function packsAndBundle(db: Db) {
  const drums = await createProduct(db, {
    name: 'Dusty Drums',
    priceCents: 2000,
    status: 'active',
  });
  const keys = await createProduct(db, { name: 'Velvet Keys', priceCents: 3000, status: 'active' });
  const bundle = await createProduct(db, {
    name: 'Producer Bundle',
    priceCents: 4000,
    status: 'active',
  });
  return { drums, keys, bundle };
}

function refusal(res: { status: number; body: unknown }, field: string) {
  expect(res.status).toBe(400);
  const body = res.body as unknown as ApiErrorBody;
  expect(body.error.code).toBe('VALIDATION_FAILED');
  return body.error.fields?.[field];
}

describe('/api/admin/products/:id/bundle', () => {
  it.for([
    ['GET', undefined],
    ['PUT', { memberIds: [] }],
  ] as const)(
    '%s: 401 for a visitor, 403 for a customer',
    async ([method, body], { app, customer }) => {
      const visitor = await new TestBrowser(app).request(bundlePath(UNKNOWN), { method, body });
      expect(visitor.status).toBe(401);
      expect((await customer.request(bundlePath(UNKNOWN), { method, body })).status).toBe(403);
    },
  );

  it('404s an unknown product', async ({ admin }) => {
    expect((await admin.request(bundlePath(UNKNOWN))).status).toBe(404);
    expect((await save(admin, UNKNOWN, { memberIds: [] })).status).toBe(404);
  });

  it('makes a product a bundle of members in order, with its savings, and audits it', async ({
    db,
    admin,
  }) => {
    const { drums, keys, bundle } = await packsAndBundle(db);
    const before = panelOf(await admin.request(bundlePath(bundle.id)));
    expect(before).toEqual({
      members: [],
      priceFloor: '0.00',
      upgradesFrom: [],
      includedIn: [],
      savings: null,
    });

    notified = 0;
    const res = await save(admin, bundle.id, { memberIds: [keys.id, drums.id] });
    expect(res.status).toBe(200);
    // The store's cached pages (and the other processes') drop it.
    expect(notified).toBe(1);
    const panel = panelOf(res);
    expect(panel.members.map((member) => member.name)).toEqual(['Velvet Keys', 'Dusty Drums']);
    expect(panel.savings).toEqual({ cents: 1000, percent: 20, separateCents: 5000 });
    expect(panelOf(await admin.request(bundlePath(bundle.id)))).toEqual(panel);

    const rows = await db
      .select()
      .from(bundleItems)
      .where(eq(bundleItems.bundleId, bundle.id))
      .orderBy(bundleItems.position);
    expect(rows.map((row) => [row.memberId, row.position])).toEqual([
      [keys.id, 1],
      [drums.id, 2],
    ]);
    // A member knows which bundles include it.
    const member = panelOf(await admin.request(bundlePath(drums.id)));
    expect(member.includedIn.map((b) => b.name)).toEqual(['Producer Bundle']);

    const audit = await admin.request(`/api/admin/products/${bundle.id}/audit`);
    const [entry] = (audit.body as { data: AuditEntryView[] }).data;
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual({ bundle: [[], ['Velvet Keys', 'Dusty Drums']] });

    // Saving the same again changes nothing and records nothing.
    await save(admin, bundle.id, { memberIds: [keys.id, drums.id] });
    const again = await admin.request(`/api/admin/products/${bundle.id}/audit`);
    expect((again.body as { data: AuditEntryView[] }).data).toHaveLength(1);

    // Emptied: a single product again.
    const emptied = await save(admin, bundle.id, { memberIds: [] });
    expect(panelOf(emptied).members).toEqual([]);
    expect(panelOf(emptied).savings).toBeNull();
  });

  it('saves the price floor and the upgrade paths, audited, in dollars and names', async ({
    db,
    admin,
  }) => {
    const orbit = await createProduct(db, { name: 'Orbit Delay', priceCents: 4900 });
    const pro = await createProduct(db, { name: 'Orbit Delay Pro', priceCents: 9900 });
    const res = await save(admin, pro.id, {
      memberIds: [],
      priceFloor: '19.00',
      upgradesFrom: [orbit.id],
    });
    expect(res.status).toBe(200);
    expect(panelOf(res)).toMatchObject({
      priceFloor: '19.00',
      upgradesFrom: [{ id: orbit.id, name: 'Orbit Delay', priceCents: 4900 }],
    });
    const [row] = await db
      .select({ floor: products.priceFloorCents })
      .from(products)
      .where(eq(products.id, pro.id));
    expect(row?.floor).toBe(1900);
    const links = await db
      .select()
      .from(productUpgrades)
      .where(eq(productUpgrades.toProductId, pro.id));
    expect(links.map((link) => link.fromProductId)).toEqual([orbit.id]);

    const audit = await admin.request(`/api/admin/products/${pro.id}/audit`);
    const [entry] = (audit.body as { data: AuditEntryView[] }).data;
    expect(entry?.changes).toEqual({
      priceFloor: [0, 1900],
      upgradesFrom: [[], ['Orbit Delay']],
    });

    // The way back is refused: an upgrade path goes one way.
    const back = await save(admin, orbit.id, { memberIds: [], upgradesFrom: [pro.id] });
    expect(refusal(back, 'upgradesFrom')).toEqual([m.upgradeBothWays('Orbit Delay Pro')]);
  });

  it('refuses itself, a nested bundle, an unknown, archived or repeated member, leaving all as it was', async ({
    db,
    admin,
  }) => {
    const { drums, keys, bundle } = await packsAndBundle(db);
    expect((await save(admin, bundle.id, { memberIds: [drums.id, keys.id] })).status).toBe(200);
    const outer = await createProduct(db, { name: 'Everything Bundle', priceCents: 9000 });
    const archived = await createProduct(db, { name: 'Old Kit', status: 'archived' });
    const cases: [string, unknown, string, string[]][] = [
      ['itself', { memberIds: [outer.id, drums.id] }, 'memberIds', [m.itself]],
      [
        'a bundle inside',
        { memberIds: [bundle.id, drums.id] },
        'memberIds',
        [m.nestedMember('Producer Bundle')],
      ],
      ['an unknown product', { memberIds: [UNKNOWN, drums.id] }, 'memberIds', [m.unknownMember]],
      [
        'an archived one',
        { memberIds: [archived.id, drums.id] },
        'memberIds',
        [m.archivedMember('Old Kit')],
      ],
      ['the same twice', { memberIds: [drums.id, drums.id] }, 'memberIds', [m.duplicateMember]],
      ['only one', { memberIds: [drums.id] }, 'memberIds', [m.tooFew]],
      ['a bad floor', { memberIds: [], priceFloor: '-3' }, 'priceFloor', [m.floorFormat]],
      [
        'a floor above the price',
        { memberIds: [], priceFloor: '95.00' },
        'priceFloor',
        [m.floorAbovePrice(9000)],
      ],
      [
        'an upgrade from itself',
        { memberIds: [], upgradesFrom: [outer.id] },
        'upgradesFrom',
        [m.upgradeItself],
      ],
      [
        'an unknown upgrade',
        { memberIds: [], upgradesFrom: [UNKNOWN] },
        'upgradesFrom',
        [m.unknownUpgrade],
      ],
    ];
    for (const [what, body, field, messages] of cases) {
      expect(refusal(await save(admin, outer.id, body), field), what).toEqual(messages);
    }
    // A member of a bundle cannot become a bundle.
    const member = await save(admin, drums.id, { memberIds: [keys.id, outer.id] });
    expect(refusal(member, 'memberIds')).toEqual([m.memberOfBundle('Producer Bundle')]);

    expect(panelOf(await admin.request(bundlePath(outer.id)))).toMatchObject({
      members: [],
      priceFloor: '0.00',
      upgradesFrom: [],
    });
    const audit = await admin.request(`/api/admin/products/${outer.id}/audit`);
    expect((audit.body as { data: AuditEntryView[] }).data).toEqual([]);
  });

  it('two saves that would put each bundle inside the other: one wins, one is refused', async ({
    db,
    admin,
  }) => {
    const a = await createProduct(db, { name: 'Bundle A', priceCents: 5000 });
    const b = await createProduct(db, { name: 'Bundle B', priceCents: 5000 });
    const x = await createProduct(db, { name: 'Pack X' });
    const y = await createProduct(db, { name: 'Pack Y' });
    const [first, second] = await Promise.all([
      save(admin, a.id, { memberIds: [b.id, x.id] }),
      save(admin, b.id, { memberIds: [a.id, y.id] }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const rows = await db.select().from(bundleItems);
    const bundlesOf = new Set(rows.map((row) => row.bundleId));
    // No product is both a bundle and a member.
    expect(rows.filter((row) => bundlesOf.has(row.memberId))).toEqual([]);
  });
});
