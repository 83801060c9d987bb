import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('settings', () => {
  it('refuse to start in production without AUTH_SECRET, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET: required/);
  });

  it('refuse a short AUTH_SECRET', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
  });

  it('need nothing outside production', () => {
    const config = loadConfig({});
    expect(config.authSecret).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.trustedProxyHeader).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('send support mail to support@loopmarket.example unless SUPPORT_EMAIL names an address', () => {
    expect(loadConfig({}).supportEmail).toBe('support@loopmarket.example');
    expect(loadConfig({ SUPPORT_EMAIL: 'help@shop.test' }).supportEmail).toBe('help@shop.test');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'help desk' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('read the trusted proxy header case-insensitively', () => {
    expect(loadConfig({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' }).trustedProxyHeader).toBe(
      'x-forwarded-for',
    );
  });
});
