import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { orderItems, type ProductRow } from '#server/db/schema';
import { guestOrderToken } from '#server/orders/guest-access';
import { createStorage } from '#server/storage/create-storage';
import type { Storage } from '#server/storage/storage';
import { createOrder, createProduct } from '#tests/support/factories';
import { TEST_PUBLIC_URL, TEST_SIGNING_KEYS } from '#tests/support/test-app';
import { createTestDatabase } from '#tests/support/test-database';
import { createGuestDownload, getGuestOrder, requestMeta } from './downloads.service';

const keys = TEST_SIGNING_KEYS;
const meta = requestMeta('203.0.113.9', 'test-agent');

let database: Database;
let storage: Storage;
let product: ProductRow;
beforeAll(async () => {
  database = await createTestDatabase();
  const filesDir = mkdtempSync(join(tmpdir(), 'loopmarket-files-'));
  await mkdir(join(filesDir, 'products'));
  await writeFile(join(filesDir, 'products/kit.zip'), 'zip bytes');
  storage = createStorage({ s3: null, filesDir, keys, publicUrl: TEST_PUBLIC_URL });
  product = await createProduct(database.db, {
    name: 'Kit',
    fileKey: 'products/kit.zip',
    fileName: 'Kit.zip',
    downloadLimit: 2,
  });
});
afterAll(() => database.close());

const completedOrder = (email = 'guest@example.com') =>
  createOrder(database.db, product, { email, status: 'COMPLETED', completedAt: new Date() });

describe('getGuestOrder', () => {
  it("answers the link's order: its email, number and purchased items", async () => {
    const { order, item } = await completedOrder('ada@example.com');
    const answer = await getGuestOrder(database.db, keys, guestOrderToken(keys, order.id));
    expect(answer.email).toBe('ada@example.com');
    expect(answer.orderNumber).toMatch(/\S/);
    expect(answer.data.map((purchase) => purchase.id)).toEqual([item.id]);
    expect(answer.data[0]).toMatchObject({ productId: product.id, downloadsRemaining: 2 });
  });

  it('lists nothing of an order that is not paid', async () => {
    const { order } = await createOrder(database.db, product);
    const answer = await getGuestOrder(database.db, keys, guestOrderToken(keys, order.id));
    expect(answer.data).toEqual([]);
  });

  it('refuses a tampered or expired link as FORBIDDEN', async () => {
    const { order } = await completedOrder();
    const token = guestOrderToken(keys, order.id);
    const tampered = `${token.slice(0, -2)}${token.endsWith('aa') ? 'bb' : 'aa'}`;
    const expired = guestOrderToken(keys, order.id, Date.now() - 31 * 24 * 60 * 60 * 1000);
    for (const bad of [tampered, expired]) {
      await expect(getGuestOrder(database.db, keys, bad)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
  });

  it('answers NOT_FOUND for a genuine link to an order that is gone', async () => {
    const token = guestOrderToken(keys, '00000000-0000-4000-8000-000000000000');
    await expect(getGuestOrder(database.db, keys, token)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('createGuestDownload', () => {
  const deps = () => ({ db: database.db, storage, keys });

  it("spends one download of the link's own item for a short-lived link", async () => {
    const { order, item } = await completedOrder();
    const link = await createGuestDownload(deps(), guestOrderToken(keys, order.id), item.id, meta);
    expect(link).toMatchObject({ fileName: 'Kit.zip', downloadsRemaining: 1 });
    const [row] = await database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row?.downloadsRemaining).toBe(1);
  });

  it("refuses another order's item as ACCESS_DENIED", async () => {
    const mine = await completedOrder();
    const theirs = await completedOrder('someone@example.com');
    await expect(
      createGuestDownload(deps(), guestOrderToken(keys, mine.order.id), theirs.item.id, meta),
    ).rejects.toMatchObject({ code: 'ACCESS_DENIED' });
  });

  it('refuses a tampered link as FORBIDDEN before looking at the item', async () => {
    const { item } = await completedOrder();
    await expect(
      createGuestDownload(deps(), 'not-a-real-token', item.id, meta),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('requestMeta', () => {
  it('keeps the address and at most 500 characters of the user agent', () => {
    expect(requestMeta('198.51.100.1', 'x'.repeat(600))).toEqual({
      ipAddress: '198.51.100.1',
      userAgent: 'x'.repeat(500),
    });
    expect(requestMeta('198.51.100.1', undefined).userAgent).toBeNull();
  });
});
