import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CUSTOMERS_CSV_HEADER, PRODUCTS_CSV_HEADER } from '#shared/admin-reports';
import { users } from '#server/db/schema';
import { parseCsv } from '#tests/support/csv';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { describe, expect, it } from '#tests/support/fixtures';
import { customersCsv } from './customers-export.service';
import { productsCsv } from './products-export.service';

/** Everything a CSV generator yields, as one text. */
async function readAll(rows: AsyncGenerator<string>) {
  let text = '';
  for await (const part of rows) text += part;
  return text;
}

describe('GET /api/admin/products/export.csv', () => {
  it('exports every product, parsed back, with a formula-looking name guarded', async ({
    admin,
    db,
  }) => {
    const category = await createCategory(db, { name: '@Drums, "loops"' });
    const risky = await createProduct(db, {
      name: `=HYPERLINK("http://evil.test") ${randomUUID().slice(0, 4)}`,
      priceCents: 123_45,
      categoryId: category.id,
      status: 'draft',
    });
    const plain = await createProduct(db, { priceCents: 500 });
    const answer = await admin.request('/api/admin/products/export.csv');
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toContain('text/csv');
    expect(answer.response.headers.get('content-disposition')).toMatch(
      /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([...PRODUCTS_CSV_HEADER]);
    const byId = new Map(records.map((record) => [record[0], record]));
    expect(byId.get(risky.id)).toEqual([
      risky.id,
      `'${risky.name}`,
      'draft',
      `'${category.name}`,
      '123.45',
      '0',
      risky.createdAt.toISOString(),
    ]);
    expect(byId.get(plain.id)?.slice(1, 5)).toEqual([plain.name, 'active', '', '5.00']);
  });

  it('reads every product across batches, each once, oldest first', async ({ db }) => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createProduct(db));
    const [, ...records] = parseCsv(await readAll(productsCsv(db, 2)));
    const ids = records.map((record) => record[0]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(made.map((product) => product.id)));
    const created = records.map((record) => record[6]!);
    expect([...created].sort()).toEqual(created);
  });
});

describe('GET /api/admin/customers/export.csv', () => {
  it('exports accounts and guest buyers, parsed back, with a formula-looking name guarded', async ({
    admin,
    customer,
    db,
  }) => {
    await db.update(users).set({ name: '+SUM(A1:A9)' }).where(eq(users.id, customer.user.id));
    const guest = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await createOrder(db, await createProduct(db, { priceCents: 2500 }), {
      email: guest,
      status: 'COMPLETED',
      completedAt: new Date(),
    });
    const answer = await admin.request('/api/admin/customers/export.csv');
    expect(answer.status).toBe(200);
    const [header, ...records] = parseCsv(answer.text);
    expect(header).toEqual([...CUSTOMERS_CSV_HEADER]);
    const byEmail = new Map(records.map((record) => [record[1], record]));
    expect(byEmail.get(customer.user.email)).toEqual([
      'account',
      customer.user.email,
      "'+SUM(A1:A9)",
      customer.user.createdAt.toISOString(),
      'yes',
      'no',
      '0',
      '0.00',
    ]);
    expect(byEmail.get(guest)).toEqual([
      'guest',
      guest,
      '',
      expect.any(String),
      'no',
      'no',
      '1',
      '25.00',
    ]);
  });

  it('reads every buyer across batches, each once', async ({ db, customer }) => {
    const [, ...records] = parseCsv(await readAll(customersCsv(db, 1)));
    const emails = records.map((record) => record[1]);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toContain(customer.user.email);
  });

  it('refuses a customer', async ({ customer }) => {
    expect((await customer.request('/api/admin/customers/export.csv')).status).toBe(403);
    expect((await customer.request('/api/admin/products/export.csv')).status).toBe(403);
  });
});
