import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentDataSchema } from '#shared/invoices';
import type { Database } from '#server/db/client';
import {
  invoiceDocuments,
  invoiceSequences,
  orderItems,
  orders,
  products,
} from '#server/db/schema';
import { createLogger } from '#server/logger';
import { applyPaymentEvent } from '#server/payments/fulfilment';
import type { PaymentEvent } from '#server/payments/payment-provider';
import { createOrder, createProduct } from '#tests/support/factories';
import { createTestDatabase } from '#tests/support/test-database';

const logger = createLogger('silent');
let database: Database;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.close());

const year = new Date().getUTCFullYear();
const invoiceNo = (n: number) => `INV-${year}-${String(n).padStart(6, '0')}`;

const completed = (orderId: string, id = `evt_${randomUUID()}`): PaymentEvent => ({
  id,
  provider: 'local',
  outcome: 'completed',
  orderId,
});

async function pendingOrders(count: number) {
  const product = await createProduct(database.db, { name: 'Drum Pack', priceCents: 2999 });
  const made = [];
  for (let i = 0; i < count; i++) made.push((await createOrder(database.db, product)).order);
  return made;
}

const numbersOf = async (ids: string[]) =>
  (
    await database.db
      .select({ invoiceNumber: orders.invoiceNumber })
      .from(orders)
      .where(inArray(orders.id, ids))
  ).map((row) => row.invoiceNumber);

describe('invoice numbers', () => {
  it('gives 50 concurrent completions 50 consecutive numbers, no gap and no duplicate', async () => {
    const pending = await pendingOrders(50);
    const results = await Promise.all(
      pending.map((order) => applyPaymentEvent(database.db, completed(order.id), logger)),
    );
    expect(results.every((result) => result.order?.status === 'COMPLETED')).toBe(true);
    const numbers = (await numbersOf(pending.map((o) => o.id))).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => invoiceNo(i + 1)));
    // Each order's document carries the number the order shows.
    const documents = await database.db
      .select({ orderId: invoiceDocuments.orderId, number: invoiceDocuments.number })
      .from(invoiceDocuments);
    expect(documents).toHaveLength(50);
    const byOrder = new Map(documents.map((d) => [d.orderId, d.number]));
    for (const result of results)
      expect(byOrder.get(result.order!.id)).toBe(result.order!.invoiceNumber);
    const [sequence] = await database.db.select().from(invoiceSequences);
    expect(sequence).toEqual({ series: 'INV', year, lastNumber: 50 });
  });

  it('gives a rolled-back completion’s number to the next, leaving no gap', async () => {
    const [first, second, third] = await pendingOrders(3);
    await applyPaymentEvent(database.db, completed(first!.id), logger);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        const result = await applyPaymentEvent(tx, completed(second!.id), logger);
        expect(result.order?.invoiceNumber).toBe(invoiceNo(2));
        await held;
        throw new Error('the completion fails after its number was taken');
      })
      .catch((err: unknown) => err);
    // Another completion starts while the first holds number 2 (on PostgreSQL it waits for it).
    const next = applyPaymentEvent(database.db, completed(third!.id), logger);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await rolledBack).toBeInstanceOf(Error);
    expect((await next).order?.invoiceNumber).toBe(invoiceNo(2));
    expect(await numbersOf([first!.id, second!.id, third!.id])).toEqual(
      expect.arrayContaining([invoiceNo(1), invoiceNo(2), null]),
    );
    const [rolled] = await database.db.select().from(orders).where(eq(orders.id, second!.id));
    expect(rolled).toMatchObject({ status: 'PENDING', invoiceNumber: null });
  });

  it('issues one invoice for a replayed payment event and for a second completion event', async () => {
    const [order] = await pendingOrders(1);
    const event = completed(order!.id, 'evt_once');
    await applyPaymentEvent(database.db, event, logger);
    const replay = await applyPaymentEvent(database.db, event, logger);
    expect(replay).toMatchObject({ handled: true, changed: false });
    // The success page's own event for the same payment moves nothing either.
    const other = await applyPaymentEvent(database.db, completed(order!.id, 'evt_other'), logger);
    expect(other.changed).toBe(false);
    const documents = await database.db.select().from(invoiceDocuments);
    expect(documents.map((d) => d.number)).toEqual([invoiceNo(1)]);
    const [sequence] = await database.db.select().from(invoiceSequences);
    expect(sequence!.lastNumber).toBe(1);
  });

  it('freezes the figures the invoice prints, summing to what was paid', async () => {
    const product = await createProduct(database.db, { name: 'Synth Presets', priceCents: 1000 });
    const { order, item } = await createOrder(database.db, product, {
      subtotalCents: 3000,
      discountCents: 300,
      taxCents: 513,
      totalCents: 3213,
      country: 'DE',
      taxBasis: 'destination',
      billingDetails: {
        firstName: 'Anna',
        lastName: 'Schmidt',
        city: 'Berlin',
        postalCode: '10115',
      },
    });
    await database.db
      .update(orderItems)
      .set({ quantity: 3, discountCents: 300, taxRate: 19000, taxCents: 513 })
      .where(eq(orderItems.id, item.id));
    const result = await applyPaymentEvent(database.db, completed(order.id), logger);
    const [document] = await database.db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.orderId, order.id));
    const data = documentDataSchema.parse(document!.data);
    expect(data).toMatchObject({
      number: result.order!.invoiceNumber,
      currency: 'USD',
      buyer: { name: 'Anna Schmidt', country: 'Germany', address: ['10115 Berlin'] },
      lines: [
        {
          description: 'Synth Presets',
          quantity: 3,
          unitPriceCents: 1000,
          discountCents: 300,
          netCents: 2700,
          taxRate: 19000,
          taxCents: 513,
          totalCents: 3213,
        },
      ],
      totalsByRate: [{ taxRate: 19000, netCents: 2700, taxCents: 513 }],
      totalCents: 3213,
      reverseCharge: false,
    });
    // A later rename of the product leaves the issued invoice as it was.
    await database.db.update(products).set({ name: 'Renamed' }).where(eq(products.id, product.id));
    const [again] = await database.db
      .select({ data: invoiceDocuments.data })
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.orderId, order.id));
    expect(documentDataSchema.parse(again!.data).lines[0]!.description).toBe('Synth Presets');
  });
});
