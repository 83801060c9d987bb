import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  getJson,
  TEST_PUBLIC_URL,
  type TestContext,
} from '#tests/support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: { storeName: 'Tape Hiss Supply', supportEmail: 'help@tapehiss.test' },
  });
});
afterAll(() => ctx.close());

describe('GET /api/store', () => {
  it('answers the configured name, support address and public address', async () => {
    const { status, body } = await getJson(ctx, '/api/store');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Tape Hiss Supply',
      supportEmail: 'help@tapehiss.test',
      publicUrl: TEST_PUBLIC_URL,
    });
  });
});
