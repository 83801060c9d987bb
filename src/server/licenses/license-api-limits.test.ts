import { describe, expect, it, test } from '#tests/support/fixtures';
import { createLicense } from '#tests/support/license-rows';
import type { TestContext } from '#tests/support/test-app';
import { LICENSE_CHECKS_PER_KEY } from './license-api.routes';

/** The licence API's limits per client address and per key: 429 with Retry-After. */
const PER_ADDRESS = 3;
test.override('appOptions', {
  config: { trustedProxyHeader: 'x-forwarded-for', licenseChecksPerMinute: PER_ADDRESS },
});

const validate = (app: TestContext, key: string, address: string) =>
  app.app.request('/api/licenses/validate', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ key }),
  });

describe('the licence API limits', () => {
  it('refuses an address past its calls a minute, with Retry-After', async ({ app, db }) => {
    const { license } = await createLicense(db);
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await validate(app, license.key, '203.0.113.7')).status).toBe(200);
    }
    const refused = await validate(app, license.key, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // Another address is not held back by it.
    expect((await validate(app, license.key, '203.0.113.8')).status).toBe(200);
  });

  it('refuses a key past its calls a minute, from whatever address', async ({ app, db }) => {
    const { license } = await createLicense(db);
    const { license: other } = await createLicense(db);
    for (let i = 0; i < LICENSE_CHECKS_PER_KEY.max; i++) {
      expect((await validate(app, license.key, `192.0.2.${i}`)).status).toBe(200);
    }
    const refused = await validate(app, license.key, '198.51.100.200');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await validate(app, other.key, '198.51.100.201')).status).toBe(200);
  });
});
