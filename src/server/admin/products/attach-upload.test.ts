import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { orderItems, products } from '#server/db/schema';
import { adminProductMessages as m } from '#shared/admin-product';
import type { AdminProduct } from '#shared/admin-products-api';
import { signedInBrowser, type TestBrowser } from '#tests/support/auth-client';
import { it } from '#tests/support/fixtures';
import { postFile, tusClient } from '#tests/support/upload-client';
import type { TestContext } from '#tests/support/test-app';

/**
 * The product editor attaches a finished upload as the product's file: a buyer then downloads
 * exactly the bytes the owner sent.
 */
async function uploadFile(
  app: TestContext,
  admin: TestBrowser,
  bytes: Uint8Array,
  filename: string,
) {
  const tus = tusClient(app, admin.cookieHeader());
  const created = await tus.create(bytes.length, { filename, filetype: 'application/zip' });
  const done = await tus.patch(created.url, 0, bytes);
  expect(done.status).toBe(200);
  return created.url.split('/').pop()!;
}

describe('attaching an uploaded file to a product', () => {
  it('sets the file, its name and size, and the buyer downloads the same bytes', async ({
    app,
    db,
    admin,
  }) => {
    const source = randomBytes(200_000);
    const uploadId = await uploadFile(app, admin, source, 'Tape Hiss Drums.zip');

    const created = await admin.request('/api/admin/products', {
      body: { name: 'Tape Hiss Drums', price: '19.99', status: 'active', fileUploadId: uploadId },
    });
    expect(created.status).toBe(201);
    const product = (created.body as { data: AdminProduct }).data;
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ fileName: 'Tape Hiss Drums.zip', fileSize: source.length });

    const { browser: buyer } = await signedInBrowser(app, 'buyer@example.com');
    const session = await buyer.request('/api/checkout/sessions', {
      body: { checkoutType: 'direct', items: [{ productId: product.id, quantity: 1 }] },
    });
    const { sessionId, orderId } = session.body as { sessionId: string; orderId: string };
    const paid = await buyer.request(`/api/payments/local/sessions/${sessionId}/pay`, {
      body: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', nameOnCard: 'Ada' },
    });
    expect(paid.status).toBe(200);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const download = await buyer.request('/api/downloads', { body: { orderItemId: item!.id } });
    expect(download.status).toBe(200);
    const link = new URL((download.body as { downloadUrl: string }).downloadUrl);
    const file = await app.request(`${link.pathname}${link.search}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(source)).toBe(true);
  });

  it('refuses an image upload or an unknown upload as the product file', async ({ app, admin }) => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#7c3aed' },
    })
      .png()
      .toBuffer();
    const image = await postFile(app, admin.cookieHeader(), '/api/admin/uploads/images', {
      name: 'cover.png',
      type: 'image/png',
      bytes: new Uint8Array(png),
    });
    expect(image.status).toBe(201);
    const imageId = ((await image.json()) as { image: { id: string } }).image.id;

    for (const fileUploadId of [imageId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await admin.request('/api/admin/products', {
        body: { name: 'X', price: '10', fileUploadId },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { fields: { fileUploadId: [m.upload] } } });
    }
  });
});
