import { randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import {
  downloads,
  orderItems,
  productFiles,
  products,
  productUploads,
  productVersions,
  type ProductRow,
} from '#server/db/schema';
import { guestOrderToken } from '#server/orders/guest-access';
import type { Product } from '#shared/catalogue';
import type { Purchase } from '#shared/downloads';
import type { AdminProduct } from '#shared/admin-products-api';
import { downloadErrors } from '#shared/download-errors';
import { productSheet } from '#shared/product-sheet';
import { versionMessages, type AdminVersion } from '#shared/versions';
import { TestBrowser } from '#tests/support/auth-client';
import { createOrder, createProduct } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';
import { finishedUpload } from '#tests/support/upload-client';

const upload = (app: TestContext, admin: TestBrowser, bytes: Uint8Array, filename: string) =>
  finishedUpload(app, admin.cookieHeader(), bytes, filename);

type Format = { label: string; platform?: string; bytes: Uint8Array; name: string };

/** Publishes `version` of `product` with these files (formats), in this order. */
async function publishFormats(
  app: TestContext,
  admin: TestBrowser,
  product: ProductRow,
  formats: Format[],
  version = '1.0.0',
) {
  const files = [];
  for (const f of formats) {
    files.push({
      platform: f.platform ?? 'any',
      label: f.label,
      uploadId: await upload(app, admin, f.bytes, f.name),
    });
  }
  const res = await admin.request(`/api/admin/products/${product.id}/versions`, {
    body: { version, files },
  });
  expect(res.status).toBe(201);
  return (res.body as { data: AdminVersion }).data;
}

const twoFormats = (): Format[] => [
  { label: 'WAV 24-bit', bytes: randomBytes(3000), name: 'drums-wav.zip' },
  { label: 'MIDI', bytes: randomBytes(200), name: 'drums-midi.zip' },
];

async function ownedLine(db: TestContext['database']['db'], product: ProductRow, userId: string) {
  const { item } = await createOrder(db, product, {
    status: 'COMPLETED',
    userId,
    email: `${userId}@example.com`,
  });
  return item.id;
}

const remaining = async (db: TestContext['database']['db'], itemId: string) =>
  (await db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0]!.downloadsRemaining;

async function fetchBytes(app: TestContext, url: string) {
  const link = new URL(url);
  return Buffer.from(await (await app.request(`${link.pathname}${link.search}`)).arrayBuffer());
}

const newProduct = (db: TestContext['database']['db'], downloadLimit = 2) =>
  createProduct(db, { name: `Drums ${randomUUID().slice(0, 6)}`, downloadLimit });

describe('several formats, one allowance', () => {
  it('lists the formats by label and size; any file spends the one allowance; at zero both are refused', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db, 2);
    const formats = twoFormats();
    const version = await publishFormats(app, admin, product, formats);
    expect(version.files.map((f) => [f.label, f.platform, f.fileSize])).toEqual([
      ['WAV 24-bit', 'any', 3000],
      ['MIDI', 'any', 200],
    ]);
    const itemId = await ownedLine(db, product, customer.user.id);

    // The hub shows the latest version's files by label, platform and size.
    const hub = (await customer.request('/api/purchases')).body as { data: Purchase[] };
    const purchase = hub.data.find((p) => p.id === itemId)!;
    expect(purchase.latestVersion!.files.map((f) => [f.label, f.fileSize])).toEqual([
      ['WAV 24-bit', 3000],
      ['MIDI', 200],
    ]);
    const [wav, midi] = purchase.latestVersion!.files;

    const download = (fileId: string) =>
      customer.request('/api/downloads', { body: { orderItemId: itemId, fileId } });
    const gotMidi = await download(midi!.id);
    expect(gotMidi.status).toBe(200);
    expect(gotMidi.body).toMatchObject({ fileName: 'drums-midi.zip', downloadsRemaining: 1 });
    const midiUrl = (gotMidi.body as { downloadUrl: string }).downloadUrl;
    expect(await fetchBytes(app, midiUrl)).toEqual(Buffer.from(formats[1]!.bytes));
    const gotWav = await download(wav!.id);
    expect(gotWav.body).toMatchObject({ fileName: 'drums-wav.zip', downloadsRemaining: 0 });
    const wavUrl = (gotWav.body as { downloadUrl: string }).downloadUrl;
    expect(await fetchBytes(app, wavUrl)).toEqual(Buffer.from(formats[0]!.bytes));

    // Each download names the file it handed out.
    const logged = await db.select().from(downloads).where(eq(downloads.orderItemId, itemId));
    expect(logged.map((d) => d.fileId).sort()).toEqual([wav!.id, midi!.id].sort());
    expect(logged.every((d) => d.versionId === version.id)).toBe(true);

    for (const file of [wav!, midi!]) {
      const refused = await download(file.id);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: {
          code: 'NO_DOWNLOADS_REMAINING',
          message: downloadErrors.NO_DOWNLOADS_REMAINING,
        },
      });
    }
    expect(await remaining(db, itemId)).toBe(0);
  });

  it('a guest picks a format through the receipt link', async ({ app, admin, db }) => {
    const product = await newProduct(db, 3);
    await publishFormats(app, admin, product, twoFormats());
    const { order, item } = await createOrder(db, product, {
      status: 'COMPLETED',
      email: `guest-${randomUUID().slice(0, 6)}@example.com`,
    });
    const token = guestOrderToken(TEST_SIGNING_KEYS, order.id);
    const guest = new TestBrowser(app);
    const view = (await guest.request(`/api/guest-orders/${token}`)).body as { data: Purchase[] };
    const midi = view.data[0]!.latestVersion!.files.find((f) => f.label === 'MIDI')!;
    const res = await guest.request(`/api/guest-orders/${token}/downloads`, {
      body: { orderItemId: item.id, fileId: midi.id },
    });
    expect(res.body).toMatchObject({ fileName: 'drums-midi.zip', downloadsRemaining: 2 });
  });

  it('two downloads of different files racing for the last one: exactly one wins', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db, 1);
    const version = await publishFormats(app, admin, product, twoFormats());
    const itemId = await ownedLine(db, product, customer.user.id);
    const [wav, midi] = version.files;
    const answers = await Promise.all(
      [wav!, midi!].map((f) =>
        customer.request('/api/downloads', { body: { orderItemId: itemId, fileId: f.id } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await remaining(db, itemId)).toBe(0);
    expect(await db.select().from(downloads).where(eq(downloads.orderItemId, itemId))).toHaveLength(
      1,
    );
  });

  it('refuses a file of another product, and one of a withdrawn version, spending nothing', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await newProduct(db, 5);
    const other = await newProduct(db, 5);
    const old = await publishFormats(app, admin, product, twoFormats());
    await publishFormats(app, admin, product, twoFormats(), '1.1.0');
    const foreign = await publishFormats(app, admin, other, twoFormats());
    const itemId = await ownedLine(db, product, customer.user.id);
    const download = (fileId: string) =>
      customer.request('/api/downloads', { body: { orderItemId: itemId, fileId } });

    for (const fileId of [foreign.files[0]!.id, randomUUID()]) {
      const res = await download(fileId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { message: versionMessages.fileNotOffered } });
    }
    // The older version's file downloads while it is offered, not once it is withdrawn.
    expect((await download(old.files[1]!.id)).status).toBe(200);
    await admin.request(`/api/admin/products/${product.id}/versions/${old.id}`, {
      method: 'PATCH',
      body: { available: false },
    });
    const withdrawn = await download(old.files[1]!.id);
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.body).toMatchObject({
      error: { message: versionMessages.versionUnavailable },
    });
    expect(await remaining(db, itemId)).toBe(4);
  });
});

describe('uploads and the one pattern for files', () => {
  it('stores the CRC-32 of an upload on its file row, equal to zlib.crc32 of the bytes', async ({
    app,
    admin,
    db,
  }) => {
    // Over one chunk of the store's read stream, so the CRC is carried across chunks.
    const bytes = randomBytes(300_000);
    const product = await newProduct(db);
    const version = await publishFormats(app, admin, product, [
      { label: 'WAV 24-bit', bytes, name: 'big.zip' },
    ]);
    const [row] = await db
      .select()
      .from(productFiles)
      .where(eq(productFiles.id, version.files[0]!.id));
    expect(row!.crc32).toBe(crc32(bytes));
    const [uploaded] = await db
      .select()
      .from(productUploads)
      .where(eq(productUploads.storageKey, row!.fileKey));
    expect(uploaded!.crc32).toBe(crc32(bytes));
  });

  it('a new product with an uploaded file gets version 1.0.0 holding it as a file row', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const bytes = randomBytes(500);
    const uploadId = await upload(app, admin, bytes, 'first.zip');
    const created = await admin.request('/api/admin/products', {
      body: { name: 'New Pack', price: '10', status: 'active', fileUploadId: uploadId },
    });
    expect(created.status).toBe(201);
    const { id } = (created.body as { data: AdminProduct }).data;
    const versions = await db
      .select()
      .from(productVersions)
      .where(eq(productVersions.productId, id));
    expect(versions.map((v) => v.version)).toEqual(['1.0.0']);
    const files = await db.select().from(productFiles).where(eq(productFiles.productId, id));
    expect(files).toMatchObject([
      { platform: 'any', fileName: 'first.zip', fileSize: 500, crc32: crc32(bytes) },
    ]);

    // A new file from the editor replaces that row's bytes; no second version appears.
    const next = randomBytes(700);
    const saved = await admin.request(`/api/admin/products/${id}`, {
      method: 'PATCH',
      body: { fileUploadId: await upload(app, admin, next, 'second.zip') },
    });
    expect(saved.status).toBe(200);
    const after = await db.select().from(productFiles).where(eq(productFiles.productId, id));
    expect(after).toMatchObject([
      { id: files[0]!.id, fileName: 'second.zip', fileSize: 700, crc32: crc32(next) },
    ]);

    const [product] = await db.select().from(products).where(eq(products.id, id));
    const itemId = await ownedLine(db, product!, customer.user.id);
    const res = await customer.request('/api/downloads', { body: { orderItemId: itemId } });
    expect(res.body).toMatchObject({ fileName: 'second.zip' });
    const [logged] = await db.select().from(downloads).where(eq(downloads.orderItemId, itemId));
    expect(logged!.fileId).toBe(files[0]!.id);
  });
});

describe('the owner edits a version’s formats', () => {
  it('adds, renames, reorders and removes files; the product page lists them', async ({
    app,
    admin,
    customer,
    db,
  }) => {
    const product = await createProduct(db, {
      name: `Keys ${randomUUID().slice(0, 6)}`,
      status: 'active',
    });
    const version = await publishFormats(app, admin, product, [
      { label: 'WAV', bytes: randomBytes(2_000_000), name: 'keys-wav.zip' },
    ]);
    const base = `/api/admin/products/${product.id}/versions/${version.id}/files`;
    const files = (res: { body: unknown }) => (res.body as { data: AdminVersion }).data.files;

    const added = await admin.request(base, {
      body: {
        label: 'MIDI',
        platform: 'any',
        uploadId: await upload(app, admin, randomBytes(100), 'keys-midi.zip'),
      },
    });
    expect(added.status).toBe(201);
    expect(files(added).map((f) => f.label)).toEqual(['WAV', 'MIDI']);

    const same = await admin.request(base, {
      body: {
        label: 'midi',
        platform: 'any',
        uploadId: await upload(app, admin, randomBytes(10), 'again.zip'),
      },
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      error: { fields: { label: [versionMessages.sameFormat] } },
    });

    const [wav, midi] = files(added);
    const renamed = await admin.request(`${base}/${wav!.id}`, {
      method: 'PATCH',
      body: { label: 'WAV 24-bit' },
    });
    expect(files(renamed).map((f) => f.label)).toEqual(['WAV 24-bit', 'MIDI']);

    const badOrder = await admin.request(`${base}/order`, {
      method: 'PUT',
      body: { fileIds: [midi!.id] },
    });
    expect(badOrder.status).toBe(400);
    const reordered = await admin.request(`${base}/order`, {
      method: 'PUT',
      body: { fileIds: [midi!.id, wav!.id] },
    });
    expect(files(reordered).map((f) => f.label)).toEqual(['MIDI', 'WAV 24-bit']);

    // The product page lists the formats from the rows, with their sizes.
    const page = (await new TestBrowser(app).request(`/api/products/${product.id}`)).body as {
      data: Product;
    };
    expect(page.data.files).toEqual([
      { label: 'MIDI', platform: 'any', fileSize: 100 },
      { label: 'WAV 24-bit', platform: 'any', fileSize: 2_000_000 },
    ]);
    expect(productSheet(page.data)).toContainEqual({
      label: 'Available formats',
      value: 'MIDI (Under 0.1 MB), WAV 24-bit (1.9 MB)',
    });

    // A customer may not edit; a file of another version is not found; the last stays.
    expect((await customer.request(`${base}/${midi!.id}`, { method: 'DELETE' })).status).toBe(403);
    const removed = await admin.request(`${base}/${midi!.id}`, { method: 'DELETE' });
    expect(files(removed).map((f) => f.label)).toEqual(['WAV 24-bit']);
    const last = await admin.request(`${base}/${wav!.id}`, { method: 'DELETE' });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { message: versionMessages.lastFile } });
    const gone = await admin.request(`${base}/${midi!.id}`, {
      method: 'PATCH',
      body: { label: 'x' },
    });
    expect(gone.status).toBe(404);
  });
});
