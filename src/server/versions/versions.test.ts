import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  downloads,
  orderItems,
  productVersions,
  products,
  updateEmailOptOuts,
  updateNotices,
  type ProductRow,
} from '#server/db/schema';
import type { Purchase } from '#shared/downloads';
import { versionMessages, type AdminVersion } from '#shared/versions';
import { emailsTo, linkIn, TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';
import type { TestContext } from '#tests/support/test-app';
import { finishedUpload } from '#tests/support/upload-client';

const upload = (app: TestContext, admin: TestBrowser, bytes: Uint8Array, filename: string) =>
  finishedUpload(app, admin.cookieHeader(), bytes, filename);

async function publish(
  app: TestContext,
  admin: TestBrowser,
  product: ProductRow,
  body: { version: string; changelog?: string; notify?: boolean },
  files: Partial<Record<'any' | 'macos' | 'windows' | 'linux', Uint8Array>> = {
    any: randomBytes(64),
  },
) {
  const uploaded = [];
  for (const [platform, bytes] of Object.entries(files)) {
    uploaded.push({ platform, uploadId: await upload(app, admin, bytes, `${platform}.zip`) });
  }
  return admin.request(`/api/admin/products/${product.id}/versions`, {
    body: { ...body, files: uploaded },
  });
}

const versionOf = (res: { body: unknown }) => (res.body as { data: AdminVersion }).data;

/** A COMPLETED order of `product` for `buyer` (or a guest address), its line's id. */
async function owns(
  db: TestContext['database']['db'],
  product: ProductRow,
  buyer: { id: string | null; email: string },
  completedAt = new Date(),
) {
  const { item } = await createOrder(db, product, {
    status: 'COMPLETED',
    userId: buyer.id,
    email: buyer.email,
    completedAt,
  });
  return item.id;
}

async function purchaseOf(customer: TestBrowser, orderItemId: string) {
  const res = await customer.request('/api/purchases');
  return (res.body as { data: Purchase[] }).data.find((p) => p.id === orderItemId)!;
}

async function fetchBytes(app: TestContext, url: string) {
  const link = new URL(url);
  const res = await app.request(`${link.pathname}${link.search}`);
  return Buffer.from(await res.arrayBuffer());
}

const newProduct = (db: TestContext['database']['db']) =>
  createProduct(db, { name: `Synth ${randomUUID().slice(0, 6)}`, downloadLimit: 10 });

describe('publishing versions', () => {
  it('publishes versions above the latest and lists them highest first', async ({
    app,
    admin,
    db,
  }) => {
    const product = await newProduct(db);
    expect((await publish(app, admin, product, { version: '1.9.2' })).status).toBe(201);
    const next = await publish(app, admin, product, { version: '1.10.0', changelog: '- Faster' });
    expect(next.status).toBe(201);
    expect(versionOf(next)).toMatchObject({
      version: '1.10.0',
      changelog: '- Faster',
      available: true,
      notifiedCount: 0,
      files: [{ platform: 'any', fileName: 'any.zip', fileSize: 64 }],
    });
    const list = await admin.request(`/api/admin/products/${product.id}/versions`);
    expect((list.body as { data: AdminVersion[] }).data.map((v) => v.version)).toEqual([
      '1.10.0',
      '1.9.2',
    ]);
    // The latest file is mirrored on the product, for the catalogue and older code.
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ fileName: 'any.zip', fileSize: 64 });
  });

  it('refuses a number not above the latest (withdrawn versions count): 400', async ({
    app,
    admin,
    db,
  }) => {
    const product = await newProduct(db);
    const first = versionOf(await publish(app, admin, product, { version: '2.0.0' }));
    await admin.request(`/api/admin/products/${product.id}/versions/${first.id}`, {
      method: 'PATCH',
      body: { available: false },
    });
    for (const version of ['2.0', '1.9.9', '2.0.0-beta.1', 'v2.0.0']) {
      const res = await publish(app, admin, product, { version });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { version: [versionMessages.notGreater('2.0.0')] },
        },
      });
    }
    const bad = await publish(app, admin, product, { version: 'latest' });
    expect(bad.body).toMatchObject({ error: { fields: { version: [versionMessages.version] } } });
    const rows = await db
      .select()
      .from(productVersions)
      .where(eq(productVersions.productId, product.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses an upload that is not a finished file, and a customer', async ({
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db);
    const body = {
      version: '1.0.0',
      files: [{ platform: 'any', uploadId: '00000000-0000-4000-8000-000000000000' }],
    };
    const res = await admin.request(`/api/admin/products/${product.id}/versions`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { files: [versionMessages.upload] } } });
    const refused = await customer.request(`/api/admin/products/${product.id}/versions`, { body });
    expect(refused.status).toBe(403);
  });
});

describe('downloading versions', () => {
  it('hands out the latest by default, a platform’s file, an older version, each spending one download', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db);
    const old = randomBytes(100);
    const mac = randomBytes(120);
    const win = randomBytes(130);
    const v1 = versionOf(await publish(app, admin, product, { version: '1.0.0' }, { any: old }));
    const v2 = versionOf(
      await publish(app, admin, product, { version: '1.1.0' }, { macos: mac, windows: win }),
    );
    const itemId = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    const download = (extra: object = {}) =>
      customer.request('/api/downloads', { body: { orderItemId: itemId, ...extra } });

    // Two platforms and none chosen: the buyer is asked, nothing is spent.
    const ask = await download();
    expect(ask.status).toBe(400);
    expect(ask.body).toMatchObject({
      error: { fields: { platform: [versionMessages.choosePlatform] } },
    });

    const macLink = await download({ platform: 'macos' });
    expect(macLink.status).toBe(200);
    expect(macLink.body).toMatchObject({ fileName: 'macos.zip', downloadsRemaining: 9 });
    expect(await fetchBytes(app, (macLink.body as { downloadUrl: string }).downloadUrl)).toEqual(
      mac,
    );

    const oldLink = await download({ versionId: v1.id });
    expect(oldLink.body).toMatchObject({ fileName: 'any.zip', downloadsRemaining: 8 });
    expect(await fetchBytes(app, (oldLink.body as { downloadUrl: string }).downloadUrl)).toEqual(
      old,
    );
    // The older version's one file serves every platform.
    expect((await download({ versionId: v1.id, platform: 'linux' })).body).toMatchObject({
      fileName: 'any.zip',
      downloadsRemaining: 7,
    });

    const logged = await db.select().from(downloads).where(eq(downloads.orderItemId, itemId));
    expect(logged.map((d) => d.versionId).sort()).toEqual([v1.id, v1.id, v2.id].sort());

    // A withdrawn version is not offered, and asking for it spends nothing.
    await admin.request(`/api/admin/products/${product.id}/versions/${v1.id}`, {
      method: 'PATCH',
      body: { available: false },
    });
    const gone = await download({ versionId: v1.id });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: { message: versionMessages.versionUnavailable } });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item!.downloadsRemaining).toBe(7);
    expect((await purchaseOf(customer, itemId)).olderVersions).toEqual([]);
  });

  it('serves the editor’s new product file as the latest version’s file for all platforms', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0' });
    const fixed = randomBytes(90);
    const uploadId = await upload(app, admin, fixed, 'fixed.zip');
    const saved = await admin.request(`/api/admin/products/${product.id}`, {
      method: 'PATCH',
      body: { fileUploadId: uploadId },
    });
    expect(saved.status).toBe(200);
    const itemId = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    const link = await customer.request('/api/downloads', { body: { orderItemId: itemId } });
    expect(link.body).toMatchObject({ fileName: 'fixed.zip' });
    expect(await fetchBytes(app, (link.body as { downloadUrl: string }).downloadUrl)).toEqual(
      fixed,
    );
  });

  it('spends exactly one download per request when the last ones race', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0' });
    const itemId = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    await db.update(orderItems).set({ downloadsRemaining: 2 }).where(eq(orderItems.id, itemId));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        customer.request('/api/downloads', { body: { orderItemId: itemId } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(await db.select().from(downloads).where(eq(downloads.orderItemId, itemId))).toHaveLength(
      2,
    );
  });

  it('a product without versions still downloads its own file', async ({ customer, db }) => {
    const product = await createProduct(db, {
      fileKey: 'products/plain.zip',
      fileName: 'plain.zip',
      downloadLimit: 2,
    });
    const itemId = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    const res = await customer.request('/api/downloads', { body: { orderItemId: itemId } });
    expect(res.body).toMatchObject({ fileName: 'plain.zip', downloadsRemaining: 1 });
    const purchase = await purchaseOf(customer, itemId);
    expect(purchase).toMatchObject({ latestVersion: null, olderVersions: [], updated: false });
  });
});

describe('the hub’s "Updated"', () => {
  it('marks a purchase when a version newer than the last download is out, with its changelog', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0', changelog: 'First release' });
    const itemId = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    expect(await purchaseOf(customer, itemId)).toMatchObject({
      updated: false,
      latestVersion: { version: '1.0.0', changelog: 'First release' },
    });
    await customer.request('/api/downloads', { body: { orderItemId: itemId } });

    await publish(app, admin, product, { version: '1.1', changelog: '## New\n- Presets' });
    const after = await purchaseOf(customer, itemId);
    expect(after).toMatchObject({
      updated: true,
      latestVersion: { version: '1.1', changelog: '## New\n- Presets' },
      olderVersions: [{ version: '1.0.0' }],
    });

    // Downloading the old one again leaves it marked; the new one clears it.
    await customer.request('/api/downloads', {
      body: { orderItemId: itemId, versionId: after.olderVersions[0]!.id },
    });
    expect((await purchaseOf(customer, itemId)).updated).toBe(true);
    await customer.request('/api/downloads', { body: { orderItemId: itemId } });
    expect((await purchaseOf(customer, itemId)).updated).toBe(false);
  });

  it('counts only this buyer’s downloads', async ({ app, admin, customer, db }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0' });
    const mine = await owns(db, product, { id: customer.user.id, email: customer.user.email });
    await customer.request('/api/downloads', { body: { orderItemId: mine } });
    await publish(app, admin, product, { version: '1.1.0' });
    // Another buyer downloads the new version: this buyer's hub still says "Updated".
    const other = await owns(db, product, { id: null, email: 'someone@example.com' });
    await db.insert(downloads).values({
      productId: product.id,
      orderItemId: other,
      versionId: (await purchaseOf(customer, mine)).latestVersion!.id,
    });
    expect((await purchaseOf(customer, mine)).updated).toBe(true);
  });
});

describe('GET /api/products/:id/versions/latest', () => {
  it('answers anyone with the latest available version', async ({ app, admin, db }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0' });
    const latest = versionOf(
      await publish(
        app,
        admin,
        product,
        { version: '1.2.0', changelog: `## Fixes\n\n**Crash** on load fixed. ${'x'.repeat(400)}` },
        { macos: randomBytes(8), linux: randomBytes(8) },
      ),
    );
    const res = await new TestBrowser(app).request(`/api/products/${product.id}/versions/latest`);
    expect(res.status).toBe(200);
    const body = res.body as { changelogSummary: string };
    expect(res.body).toEqual({
      version: '1.2.0',
      releasedAt: latest.releasedAt,
      changelogSummary: expect.stringMatching(/^Fixes Crash on load fixed\. x+…$/),
      platforms: ['macos', 'linux'],
    });
    expect(body.changelogSummary).toHaveLength(280);

    // Withdrawn, the previous available one is the latest.
    await admin.request(`/api/admin/products/${product.id}/versions/${latest.id}`, {
      method: 'PATCH',
      body: { available: false },
    });
    const again = await new TestBrowser(app).request(`/api/products/${product.id}/versions/latest`);
    expect(again.body).toMatchObject({ version: '1.0.0', platforms: ['any'] });
  });

  it('is in the OpenAPI description', async ({ app }) => {
    const doc = (await new TestBrowser(app).request('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const latest = Object.entries(doc.paths).find(([path]) =>
      /^(\/api)?\/products\/\{id\}\/versions\/latest$/.test(path),
    );
    expect(latest?.[1].get?.description).toContain('is there an update?');
  });

  it('404s an unknown, malformed, inactive or unversioned product', async ({ app, admin, db }) => {
    const visitor = new TestBrowser(app);
    const latest = (id: string) => visitor.request(`/api/products/${id}/versions/latest`);
    expect((await latest(randomUUID())).status).toBe(404);
    const plain = await newProduct(db);
    const none = await latest(plain.id);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ error: { message: versionMessages.noVersions } });
    const draft = await createProduct(db, { status: 'draft' });
    await publish(app, admin, draft, { version: '1.0.0' });
    expect((await latest(draft.id)).status).toBe(404);
    expect((await latest('not-an-id')).status).toBe(404);
  });
});

describe('update notices', () => {
  it('queue one e-mail per owner per version, skip refunds and opt-outs, and say how many', async ({
    app,
    admin,
    db,
  }) => {
    const product = await newProduct(db);
    await publish(app, admin, product, { version: '1.0.0' });
    const tag = randomUUID().slice(0, 6);
    const ada = `ada-${tag}@example.com`;
    const bob = `bob-${tag}@example.com`;
    const refunded = `refunded-${tag}@example.com`;
    const quiet = `quiet-${tag}@example.com`;
    await owns(db, product, { id: null, email: ada });
    await owns(db, product, { id: null, email: ada.toUpperCase() }); // the same owner twice
    await owns(db, product, { id: null, email: bob });
    await owns(db, product, { id: null, email: quiet });
    const refundedLine = await owns(db, product, { id: null, email: refunded });
    await db
      .update(orderItems)
      .set({ refundedAt: new Date() })
      .where(eq(orderItems.id, refundedLine));
    await createOrder(db, product, { status: 'PENDING', email: `pending-${tag}@example.com` });
    await db.insert(updateEmailOptOuts).values({ email: quiet });

    const published = await publish(app, admin, product, {
      version: '1.1.0',
      changelog: '- New presets',
      notify: true,
    });
    expect(published.body).toMatchObject({ data: {} });
    const version = versionOf(published);
    expect(version.notifiedCount).toBe(2);
    expect(await emailsTo(app, ada)).toHaveLength(1);
    expect(await emailsTo(app, bob)).toHaveLength(1);
    expect(await emailsTo(app, quiet)).toHaveLength(0);
    expect(await emailsTo(app, refunded)).toHaveLength(0);
    const [mail] = await emailsTo(app, bob);
    expect(mail!.subject).toBe(`${product.name} 1.1.0 is out`);
    expect(mail!.text).toContain('New presets');

    // Retried, nobody is mailed twice; a new owner since gets theirs.
    const carol = `carol-${tag}@example.com`;
    await owns(db, product, { id: null, email: carol });
    const notify = () =>
      admin.request(`/api/admin/products/${product.id}/versions/${version.id}/notify`, {
        method: 'POST',
      });
    const results = await Promise.all([notify(), notify()]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(versionOf(await notify()).notifiedCount).toBe(3);
    expect(await emailsTo(app, ada)).toHaveLength(1);
    expect(await emailsTo(app, carol)).toHaveLength(1);
    const notices = await db
      .select()
      .from(updateNotices)
      .where(eq(updateNotices.versionId, version.id));
    expect(notices.map((n) => n.email).sort()).toEqual([ada, bob, carol].sort());
  });

  it('unsubscribes in one click from the link in the e-mail', async ({ app, admin, db }) => {
    const product = await newProduct(db);
    const dana = `dana-${randomUUID().slice(0, 6)}@example.com`;
    await owns(db, product, { id: null, email: dana });
    await publish(app, admin, product, { version: '1.0.0', notify: true });
    const [mail] = await emailsTo(app, dana);
    const link = linkIn(mail!.text, '/updates/unsubscribe');
    expect(mail!.html).toContain('/updates/unsubscribe?token=');
    const visitor = new TestBrowser(app);
    const token = link.searchParams.get('token');
    const res = await visitor.request('/api/update-emails/unsubscribe', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: dana });
    // Again is fine: the link keeps working.
    expect(
      (await visitor.request('/api/update-emails/unsubscribe', { body: { token } })).status,
    ).toBe(200);
    expect(
      await db.select().from(updateEmailOptOuts).where(eq(updateEmailOptOuts.email, dana)),
    ).toHaveLength(1);

    const next = await publish(app, admin, product, { version: '1.0.1', notify: true });
    expect(versionOf(next).notifiedCount).toBe(0);
    expect(await emailsTo(app, dana)).toHaveLength(1);

    const forged = await visitor.request('/api/update-emails/unsubscribe', {
      body: { token: `${token}x` },
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ error: { message: versionMessages.badUnsubscribeLink } });
  });

  it('leave out an owner whose account is deleted', async ({ app, admin, db }) => {
    const product = await newProduct(db);
    const gone = `gone-${randomUUID().slice(0, 6)}@example.com`;
    const { order } = await createOrder(db, product, {
      status: 'COMPLETED',
      email: gone,
      customerDeletedAt: new Date(),
    });
    expect(order.id).toBeTruthy();
    await publish(app, admin, product, { version: '1.0.0', notify: true });
    expect(await emailsTo(app, gone)).toHaveLength(0);
  });
});
