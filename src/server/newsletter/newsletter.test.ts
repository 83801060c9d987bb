import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/errors';
import { newsletterSubscriptions } from '../db/schema';
import { createTestContext, getJson, type TestContext } from '../../../tests/support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (body: unknown) =>
  getJson<ApiErrorBody & { success?: boolean }>(ctx, '/api/newsletter', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const rowsFor = (email: string) =>
  ctx.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));

describe('POST /api/newsletter', () => {
  it('stores a signup with its list and source', async () => {
    const { status, body } = await post({
      email: 'Ada@Example.com',
      subscriptionType: 'newsletter',
      source: 'home_page',
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const rows = await rowsFor('ada@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subscriptionType: 'newsletter', source: 'home_page' });
  });

  it('treats signing up twice as success and keeps one row', async () => {
    const signup = {
      email: 'twice@example.com',
      subscriptionType: 'coming_soon',
      source: 'coming_soon_page',
    };
    expect((await post(signup)).status).toBe(200);
    expect((await post(signup)).status).toBe(200);
    expect(await rowsFor('twice@example.com')).toHaveLength(1);
  });

  it.each(['plainaddress', 'a@b', 'a b@c.com', ''])(
    "rejects '%s' with 'Please enter a valid email address'",
    async (email) => {
      const { status, body } = await post({
        email,
        subscriptionType: 'newsletter',
        source: 'home_page',
      });
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields?.email).toContain('Please enter a valid email address');
    },
  );

  it('rejects an unknown list', async () => {
    const { status } = await post({
      email: 'x@example.com',
      subscriptionType: 'spam',
      source: 'home_page',
    });
    expect(status).toBe(400);
  });
});
