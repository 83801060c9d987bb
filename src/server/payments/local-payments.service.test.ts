import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createOrder, createProduct } from '#tests/support/factories';
import { createTestDatabase } from '#tests/support/test-database';
import { localSessionView } from './local-payments.service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const sessionId = (n: number) => `lcs_${n.toString(16).padStart(32, '0')}`;

describe('localSessionView', () => {
  it("answers the session's order as the buyer sees it", async () => {
    const product = await createProduct(database.db, { name: 'Tape Loops', priceCents: 1800 });
    const { order, item } = await createOrder(database.db, product, {
      providerSessionId: sessionId(1),
    });
    const view = await localSessionView(database.db, sessionId(1));
    expect(view).toMatchObject({ id: order.id, status: 'PENDING', totalCents: 1800 });
    expect(view.items).toEqual([expect.objectContaining({ id: item.id, name: 'Tape Loops' })]);
  });

  it.each([
    ['no order', sessionId(2), null],
    ["another provider's order", sessionId(3), 'stripe' as const],
  ])('refuses a session of %s as NOT_FOUND', async (_, id, provider) => {
    if (provider) {
      const product = await createProduct(database.db);
      await createOrder(database.db, product, { providerSessionId: id, provider });
    }
    await expect(localSessionView(database.db, id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Invalid checkout session. Please try again.',
    });
  });
});
