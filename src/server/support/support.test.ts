import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/errors';
import { supportMessages } from '../db/schema';
import { createTestContext, getJson, type TestContext } from '../../../tests/support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (body: unknown) =>
  getJson<ApiErrorBody & { success?: boolean; id?: string }>(ctx, '/api/support', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const valid = {
  name: 'Grace',
  email: 'grace@example.com',
  category: 'licensing',
  subject: 'Can I use the loops in a film?',
  message: 'Asking for a sync project.',
};

describe('POST /api/support', () => {
  it('stores the message and answers 201', async () => {
    const { status, body } = await post(valid);
    expect(status).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, body.id ?? ''));
    expect(row).toMatchObject(valid);
  });

  it('requires name, email, subject and message, naming each missing field', async () => {
    const { status, body } = await post({
      name: ' ',
      email: 'grace@example.com',
      subject: '',
      message: '',
    });
    expect(status).toBe(400);
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['message', 'name', 'subject']);
  });

  it('rejects an unknown category and a bad email', async () => {
    const { body } = await post({ ...valid, category: 'sales', email: 'nope' });
    expect(Object.keys(body.error.fields ?? {}).sort()).toEqual(['category', 'email']);
  });
});
