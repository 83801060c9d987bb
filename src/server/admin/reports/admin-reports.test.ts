import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { ORDERS_CSV_HEADER, TAX_REPORT_CSV_HEADER, type TaxReport } from '#shared/admin-reports';
import { orderNumber } from '#shared/checkout';
import { orderItems, orders, refunds, type ProductRow } from '#server/db/schema';
import { queryRows, type Db } from '#server/db/client';
import { TestBrowser } from '#tests/support/auth-client';
import { parseCsv } from '#tests/support/csv';
import { createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import { ordersCsv } from './orders-export.service';

let product: ProductRow;
test.beforeAll(async ({ db }) => {
  product = await createProduct(db, { name: 'Tax Pack', priceCents: 1000 });
});
test.beforeEach(async ({ db }) => {
  await db.delete(orders);
});

interface Sale {
  country: string;
  region?: string;
  /** Thousandths of a percent. */
  rate: number;
  /** Unit prices (one unit each), as listed: net, or gross when inclusive. */
  lines: number[];
  inclusive?: boolean;
  discountPerLine?: number;
  business?: 'reverse_charge' | 'vat';
  completedAt: string;
  status?: 'COMPLETED' | 'REFUNDED' | 'PENDING';
  email?: string;
  vatNumber?: string;
}

/** An order with its lines taxed as shared/tax.ts does: per line, half away from zero. */
async function sale(db: Db, s: Sale) {
  const lines = s.lines.map((price) => {
    const discount = s.discountPerLine ?? 0;
    const base = price - discount;
    const tax = s.inclusive
      ? Math.round((base * s.rate) / (100_000 + s.rate))
      : Math.round((base * s.rate) / 100_000);
    return { price, discount, tax };
  });
  const subtotal = lines.reduce((t, l) => t + l.price, 0);
  const discount = lines.reduce((t, l) => t + l.discount, 0);
  const tax = lines.reduce((t, l) => t + l.tax, 0);
  const total = subtotal - discount + (s.inclusive ? 0 : tax);
  const [order] = await db
    .insert(orders)
    .values({
      email: s.email ?? 'buyer@example.com',
      checkoutType: 'cart',
      provider: 'local',
      status: s.status ?? 'COMPLETED',
      subtotalCents: subtotal,
      discountCents: discount,
      taxCents: tax,
      totalCents: total,
      refundedCents: s.status === 'REFUNDED' ? total : 0,
      pricesIncludeTax: s.inclusive ?? false,
      country: s.country,
      region: s.region ?? null,
      taxBasis: s.business === 'reverse_charge' ? 'reverse_charge' : 'destination',
      vatNumber: s.vatNumber ?? (s.business ? `${s.country}123456789` : null),
      vatCheck: s.business === 'vat' ? { status: 'valid' } : null,
      completedAt: s.status === 'PENDING' ? null : new Date(s.completedAt),
      createdAt: new Date(s.completedAt),
    })
    .returning();
  await db.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order!.id,
      productId: product.id,
      quantity: 1,
      unitPriceCents: l.price,
      downloadsRemaining: 3,
      discountCents: l.discount,
      taxRate: s.rate,
      taxCents: l.tax,
    })),
  );
  return order!;
}

async function refund(db: Db, orderId: string, amountCents: number, at: string) {
  await db.insert(refunds).values({
    id: `lre_${orderId.slice(0, 8)}_${amountCents}`,
    orderId,
    provider: 'local',
    amountCents,
    createdAt: new Date(at),
  });
  await db
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}` })
    .where(sql`${orders.id} = ${orderId}`);
}

/** Q3 and Q4 2026 across Germany, France, the UK and Texas, consumers and businesses. */
async function quarterOfSales(db: Db) {
  // Q3: a German consumer's €100 + 19%, half refunded in Q4.
  const september = await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [10000],
    completedAt: '2026-09-15T10:00:00Z',
  });
  // Q4
  await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [1000, 1000],
    completedAt: '2026-10-01T00:00:00Z',
  });
  await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [5000],
    completedAt: '2026-11-02T09:00:00Z',
  });
  await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [10000],
    business: 'vat',
    completedAt: '2026-11-03T09:00:00Z',
  });
  await sale(db, {
    country: 'FR',
    rate: 0,
    lines: [3000],
    business: 'reverse_charge',
    completedAt: '2026-11-04T09:00:00Z',
  });
  await sale(db, {
    country: 'FR',
    rate: 20000,
    lines: [1250],
    discountPerLine: 250,
    completedAt: '2026-11-05T09:00:00Z',
  });
  await sale(db, {
    country: 'GB',
    rate: 20000,
    lines: [1200],
    inclusive: true,
    completedAt: '2026-12-06T09:00:00Z',
  });
  await sale(db, {
    country: 'US',
    region: 'TX',
    rate: 6250,
    lines: [4000],
    completedAt: '2026-12-31T23:59:59Z',
  });
  const refunded = await sale(db, {
    country: 'US',
    region: 'TX',
    rate: 6250,
    lines: [2000],
    completedAt: '2026-12-01T09:00:00Z',
  });
  // Not in Q4: unpaid, and the first second of Q1 2027.
  await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [7000],
    status: 'PENDING',
    completedAt: '2026-11-01T09:00:00Z',
  });
  await sale(db, {
    country: 'DE',
    rate: 19000,
    lines: [7000],
    completedAt: '2027-01-01T00:00:00Z',
  });
  await refund(db, september.id, 5950, '2026-10-10T10:00:00Z');
  await refund(db, refunded.id, 2125, '2026-12-02T10:00:00Z');
  await db
    .update(orders)
    .set({ status: 'REFUNDED' })
    .where(sql`${orders.id} = ${refunded.id}`);
}

const report = async (admin: TestBrowser, year: number, quarter: number) => {
  const answer = await admin.request(`/api/admin/reports/tax?year=${year}&quarter=${quarter}`);
  expect(answer.status).toBe(200);
  return answer.body as unknown as TaxReport;
};

describe('the tax report', () => {
  it('sums a quarter by country, region, rate and customer type, netting refunds where they happened', async ({
    db,
    admin,
  }) => {
    await quarterOfSales(db);
    const q4 = await report(admin, 2026, 4);
    expect(q4).toMatchObject({
      year: 2026,
      quarter: 4,
      from: '2026-10-01',
      to: '2027-01-01',
      currency: 'USD',
    });
    expect(q4.rows).toEqual([
      // Two sales (2000 + 380, 5000 + 950) less half of September's (−5000, −950).
      {
        country: 'DE',
        countryName: 'Germany',
        region: '',
        customerType: 'business',
        taxRate: 19000,
        netCents: 10000,
        taxCents: 1900,
        orders: 1,
      },
      {
        country: 'DE',
        countryName: 'Germany',
        region: '',
        customerType: 'consumer',
        taxRate: 19000,
        netCents: 2000,
        taxCents: 380,
        orders: 2,
      },
      {
        country: 'FR',
        countryName: 'France',
        region: '',
        customerType: 'business',
        taxRate: 0,
        netCents: 3000,
        taxCents: 0,
        orders: 1,
      },
      {
        country: 'FR',
        countryName: 'France',
        region: '',
        customerType: 'consumer',
        taxRate: 20000,
        netCents: 1000,
        taxCents: 200,
        orders: 1,
      },
      // Tax-inclusive: £12 is 10 net and 2 tax.
      {
        country: 'GB',
        countryName: 'United Kingdom',
        region: '',
        customerType: 'consumer',
        taxRate: 20000,
        netCents: 1000,
        taxCents: 200,
        orders: 1,
      },
      // The wholly refunded order's sale and refund cancel out; it still counts as an order.
      {
        country: 'US',
        countryName: 'United States',
        region: 'TX',
        customerType: 'consumer',
        taxRate: 6250,
        netCents: 4000,
        taxCents: 250,
        orders: 2,
      },
    ]);
    expect(q4.totals).toEqual({ netCents: 21000, taxCents: 2930, orders: 8 });

    // The same figures from the orders themselves: Q4's paid orders less the refunds made in Q4.
    const [fromOrders] = await queryRows<{ net: string; tax: string }>(
      db,
      sql`select sum(total_cents - tax_cents) as net, sum(tax_cents) as tax from orders
          where status in ('COMPLETED', 'REFUNDED')
            and completed_at >= '2026-10-01T00:00:00Z' and completed_at < '2027-01-01T00:00:00Z'`,
    );
    // Refunds in Q4: 5950 of 11900 (950 tax) and 2125 of 2125 (125 tax).
    expect(q4.totals.netCents).toBe(Number(fromOrders!.net) - (5950 - 950) - (2125 - 125));
    expect(q4.totals.taxCents).toBe(Number(fromOrders!.tax) - 950 - 125);

    const q3 = await report(admin, 2026, 3);
    expect(q3.rows).toEqual([
      {
        country: 'DE',
        countryName: 'Germany',
        region: '',
        customerType: 'consumer',
        taxRate: 19000,
        netCents: 10000,
        taxCents: 1900,
        orders: 1,
      },
    ]);
    expect((await report(admin, 2027, 1)).totals).toEqual({
      netCents: 7000,
      taxCents: 1330,
      orders: 1,
    });
  });

  it('counts an order from before per-line tax whole at the flat 8%', async ({ db, admin }) => {
    const [order] = await db
      .insert(orders)
      .values({
        email: 'old@example.com',
        checkoutType: 'direct',
        provider: 'local',
        status: 'COMPLETED',
        subtotalCents: 1000,
        taxCents: 80,
        totalCents: 1080,
        country: 'US',
        region: null,
        completedAt: new Date('2026-05-05T10:00:00Z'),
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      quantity: 1,
      unitPriceCents: 1000,
      downloadsRemaining: 3,
    });
    expect((await report(admin, 2026, 2)).rows).toEqual([
      {
        country: 'US',
        countryName: 'United States',
        region: '',
        customerType: 'consumer',
        taxRate: 8000,
        netCents: 1000,
        taxCents: 80,
        orders: 1,
      },
    ]);
  });

  it('downloads as CSV in an OSS return shape, one row per country × rate × customer type', async ({
    db,
    admin,
  }) => {
    await quarterOfSales(db);
    const answer = await admin.request('/api/admin/reports/tax?year=2026&quarter=4&format=csv');
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toContain('text/csv');
    expect(answer.response.headers.get('content-disposition')).toBe(
      'attachment; filename="tax-2026-q4.csv"',
    );
    const [header, ...rows] = parseCsv(answer.text);
    expect(header).toEqual([...TAX_REPORT_CSV_HEADER]);
    expect(rows).toEqual([
      ['DE', 'Germany', '', 'Business', '19', '100.00', '19.00', '1'],
      ['DE', 'Germany', '', 'Consumer', '19', '20.00', '3.80', '2'],
      ['FR', 'France', '', 'Business', '0', '30.00', '0.00', '1'],
      ['FR', 'France', '', 'Consumer', '20', '10.00', '2.00', '1'],
      ['GB', 'United Kingdom', '', 'Consumer', '20', '10.00', '2.00', '1'],
      ['US', 'United States', 'TX', 'Consumer', '6.25', '40.00', '2.50', '2'],
    ]);
  });

  it('writes a quarter of refunds only as negative amounts a spreadsheet sums', async ({
    db,
    admin,
  }) => {
    const order = await sale(db, {
      country: 'DE',
      rate: 19000,
      lines: [10000],
      completedAt: '2026-03-01T10:00:00Z',
    });
    await refund(db, order.id, 11900, '2026-04-02T10:00:00Z');
    const answer = await admin.request('/api/admin/reports/tax?year=2026&quarter=2&format=csv');
    expect(parseCsv(answer.text)[1]).toEqual([
      'DE',
      'Germany',
      '',
      'Consumer',
      '19',
      '-100.00',
      '-19.00',
      '0',
    ]);
  });

  it('refuses a quarter that is not one', async ({ admin }) => {
    const answer = await admin.request('/api/admin/reports/tax?year=2026&quarter=5');
    expect(answer.status).toBe(400);
  });
});

describe('the orders export', () => {
  const download = async (admin: TestBrowser, query = '') => {
    const answer = await admin.request(`/api/admin/orders/export.csv${query}`);
    expect(answer.status).toBe(200);
    return parseCsv(answer.text);
  };

  it('lists every order with its tax fields, oldest first, amounts in the currency', async ({
    db,
    admin,
  }) => {
    const german = await sale(db, {
      country: 'DE',
      rate: 19000,
      lines: [10000],
      business: 'vat',
      vatNumber: 'DE811907980',
      completedAt: '2026-11-03T09:00:00Z',
    });
    await db
      .update(orders)
      .set({ invoiceNumber: '2026-000001' })
      .where(sql`${orders.id} = ${german.id}`);
    const texan = await sale(db, {
      country: 'US',
      region: 'TX',
      rate: 6250,
      lines: [2000],
      status: 'REFUNDED',
      completedAt: '2026-12-01T09:00:00Z',
    });
    const [header, ...rows] = await download(admin);
    expect(header).toEqual([...ORDERS_CSV_HEADER]);
    expect(rows).toEqual([
      [
        orderNumber(german.id),
        '2026-000001',
        '2026-11-03T09:00:00.000Z',
        'buyer@example.com',
        'DE',
        '',
        'DE811907980',
        'destination',
        '100.00',
        '0.00',
        '19.00',
        '119.00',
        '0.00',
        'USD',
        'COMPLETED',
      ],
      [
        orderNumber(texan.id),
        '',
        '2026-12-01T09:00:00.000Z',
        'buyer@example.com',
        'US',
        'TX',
        '',
        'destination',
        '20.00',
        '0.00',
        '1.25',
        '21.25',
        '21.25',
        'USD',
        'REFUNDED',
      ],
    ]);
    // Filters: the status, and the days placed (both included).
    expect((await download(admin, '?status=REFUNDED')).slice(1).map((r) => r[0])).toEqual([
      orderNumber(texan.id),
    ]);
    expect(
      (await download(admin, '?from=2026-11-03&to=2026-11-03')).slice(1).map((r) => r[0]),
    ).toEqual([orderNumber(german.id)]);
    expect(
      (await admin.request('/api/admin/orders/export.csv?from=2026-12-01&to=2026-11-01')).status,
    ).toBe(400);
  });

  it('neutralises cells a spreadsheet would run as a formula', async ({ db, admin }) => {
    await sale(db, {
      country: 'DE',
      rate: 19000,
      lines: [1000],
      email: '=HYPERLINK("http://evil")@example.com',
      vatNumber: '+DE1',
      completedAt: '2026-11-03T09:00:00Z',
    });
    await sale(db, {
      country: 'DE',
      rate: 19000,
      lines: [1000],
      email: '@sum@example.com',
      vatNumber: '-1',
      completedAt: '2026-11-04T09:00:00Z',
    });
    const rows = (await download(admin)).slice(1);
    expect(rows.map((r) => [r[3], r[6]])).toEqual([
      [`'=HYPERLINK("http://evil")@example.com`, "'+DE1"],
      ["'@sum@example.com", "'-1"],
    ]);
  });

  it('reads the orders in batches, none missed or repeated, even at the same instant', async ({
    db,
  }) => {
    for (let i = 0; i < 5; i++) {
      await sale(db, {
        country: 'DE',
        rate: 19000,
        lines: [1000 + i],
        completedAt: '2026-11-03T09:00:00Z',
      });
    }
    const chunks: string[] = [];
    for await (const chunk of ordersCsv(db, {}, 2)) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + 3);
    const rows = parseCsv(chunks.join('')).slice(1);
    expect(rows.map((r) => r[8]).sort()).toEqual(['10.00', '10.01', '10.02', '10.03', '10.04']);
  });
});

describe('who may', () => {
  it('is the admin only: 401 for a visitor, 403 for a customer', async ({ app, customer }) => {
    const visitor = new TestBrowser(app);
    for (const path of [
      '/api/admin/reports/tax?year=2026&quarter=4',
      '/api/admin/orders/export.csv',
    ]) {
      expect((await visitor.request(path)).status).toBe(401);
      expect((await customer.request(path)).status).toBe(403);
    }
  });
});
