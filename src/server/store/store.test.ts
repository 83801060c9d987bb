import { describe, expect } from 'vitest';
import { getJson, TEST_PUBLIC_URL } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

test.override('appOptions', {
  config: { storeName: 'Tape Hiss Supply', supportEmail: 'help@tapehiss.test' },
});

describe('GET /api/store', () => {
  it('answers the configured name, support address and public address', async ({ app }) => {
    const { status, body } = await getJson(app, '/api/store');
    expect(status).toBe(200);
    expect(body).toEqual({
      name: 'Tape Hiss Supply',
      supportEmail: 'help@tapehiss.test',
      publicUrl: TEST_PUBLIC_URL,
      signInProviders: [],
      checkout: { requireFullAddress: false, asksVatNumber: false },
    });
  });
});
