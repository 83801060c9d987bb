import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('settings', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
    PUBLIC_URL: 'https://shop.example',
    SMTP_URL: 'smtp://mail.example:587',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
  };

  it('refuse to start in production without its settings, naming each one', () => {
    const refusal = () => loadConfig({ NODE_ENV: 'production' });
    expect(refusal).toThrow(/AUTH_SECRET: required/);
    expect(refusal).toThrow(/PUBLIC_URL: required/);
    expect(refusal).toThrow(/STRIPE_SECRET_KEY.*or PAYMENTS_TEST_MODE=true/);
    expect(refusal).toThrow(/SMTP_URL: required.*or MAIL_OUTBOX_ONLY=true/);
  });

  it('start in production with every real part configured', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.paymentsTestMode).toBe(false);
    expect(config.publicUrl).toBe('https://shop.example');
  });

  it.each([
    ['PUBLIC_URL', {}, /PUBLIC_URL/],
    ['the Stripe keys', { PAYMENTS_TEST_MODE: 'false' }, /STRIPE_SECRET_KEY/],
    ['SMTP_URL', { MAIL_OUTBOX_ONLY: 'false' }, /SMTP_URL/],
  ])('refuse production without %s alone', (name, extra, message) => {
    const env: Record<string, string> = { ...production, ...extra };
    if (name === 'PUBLIC_URL') delete env.PUBLIC_URL;
    if (name === 'SMTP_URL') delete env.SMTP_URL;
    if (name === 'the Stripe keys') {
      delete env.STRIPE_SECRET_KEY;
      delete env.STRIPE_WEBHOOK_SECRET;
      delete env.STRIPE_PUBLISHABLE_KEY;
    }
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('take test payments and keep mail in the outbox in production only when told so by name', () => {
    const { SMTP_URL: _smtp, STRIPE_SECRET_KEY: _sk, ...rest } = production;
    const config = loadConfig({
      ...rest,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      PAYMENTS_TEST_MODE: 'true',
      MAIL_OUTBOX_ONLY: 'true',
    });
    expect(config.stripe).toBeNull();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.paymentsTestMode).toBe(true);
  });

  it('accept tokens of earlier secrets listed in AUTH_SECRET_PREVIOUS', () => {
    expect(loadConfig({ AUTH_SECRET_PREVIOUS: ' old-one , older ' }).previousAuthSecrets).toEqual([
      'old-one',
      'older',
    ]);
    expect(loadConfig({}).previousAuthSecrets).toEqual([]);
  });

  it("check VAT numbers with the EU's VIES unless VIES_URL names another", () => {
    expect(loadConfig({}).viesUrl).toBe('https://ec.europa.eu/taxation_customs/vies/rest-api');
    expect(loadConfig({ VIES_URL: 'http://127.0.0.1:9999/vies/' }).viesUrl).toBe(
      'http://127.0.0.1:9999/vies',
    );
  });

  it("switch Stripe Tax on with STRIPE_TAX=true, and refuse it without Stripe's keys", () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    };
    expect(loadConfig({ ...stripe, STRIPE_TAX: 'true' }).stripe?.automaticTax).toBe(true);
    expect(loadConfig(stripe).stripe?.automaticTax).toBe(false);
    expect(() => loadConfig({ STRIPE_TAX: 'true' })).toThrow(/STRIPE_TAX: needs STRIPE_SECRET_KEY/);
  });

  it('read METRICS_TOKEN and METRICS_PORT, refusing a short token and the store’s own port', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    const config = loadConfig({
      ...production,
      METRICS_TOKEN: 'a-metrics-token-16+',
      METRICS_PORT: '9464',
    });
    expect(config).toMatchObject({ metricsToken: 'a-metrics-token-16+', metricsPort: 9464 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: .*16/);
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
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

  it('name the store Loopmarket unless STORE_NAME names it (trimmed, never empty)', () => {
    expect(loadConfig({}).storeName).toBe('Loopmarket');
    expect(loadConfig({ STORE_NAME: '  Tape Hiss Supply ' }).storeName).toBe('Tape Hiss Supply');
    expect(() => loadConfig({ STORE_NAME: '  ' })).toThrow(/STORE_NAME/);
  });

  it('offer no single sign-on unless SSO_PROVIDERS names providers, each read from SSO_<ID>_*', () => {
    expect(loadConfig({}).ssoProviders).toEqual([]);
    const config = loadConfig({
      SSO_PROVIDERS: 'google, my-idp',
      SSO_GOOGLE_ISSUER: 'https://accounts.google.com/',
      SSO_GOOGLE_CLIENT_ID: 'google-client',
      SSO_GOOGLE_CLIENT_SECRET: 'google-secret',
      SSO_MY_IDP_ISSUER: 'https://id.example/realms/shop',
      SSO_MY_IDP_CLIENT_ID: 'shop',
      SSO_MY_IDP_CLIENT_SECRET: 'shop-secret',
      SSO_MY_IDP_NAME: 'Example ID',
    });
    expect(config.ssoProviders).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'google-client',
        clientSecret: 'google-secret',
      },
      {
        id: 'my-idp',
        name: 'Example ID',
        issuer: 'https://id.example/realms/shop',
        clientId: 'shop',
        clientSecret: 'shop-secret',
      },
    ]);
  });

  it('refuse a provider named in SSO_PROVIDERS without its settings, naming each one', () => {
    const refusal = () =>
      loadConfig({
        SSO_PROVIDERS: 'google,Bad Id',
        SSO_GOOGLE_ISSUER: 'accounts.google.com',
        SSO_GOOGLE_CLIENT_ID: 'google-client',
      });
    expect(refusal).toThrow(/SSO_GOOGLE_ISSUER: must be the provider's issuer URL/);
    expect(refusal).toThrow(/SSO_GOOGLE_CLIENT_SECRET: required, since SSO_PROVIDERS names google/);
    expect(refusal).toThrow(/SSO_PROVIDERS: "bad id" is not a provider id/);
  });

  it('refuse a provider whose issuer is not https in production', () => {
    const provider = {
      SSO_PROVIDERS: 'local',
      SSO_LOCAL_ISSUER: 'http://id.example',
      SSO_LOCAL_CLIENT_ID: 'shop',
      SSO_LOCAL_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(provider).ssoProviders).toHaveLength(1);
    expect(() => loadConfig({ ...production, ...provider })).toThrow(
      /SSO_LOCAL_ISSUER: must be an https:\/\/ address when NODE_ENV=production/,
    );
  });

  it('read the trusted proxy header case-insensitively', () => {
    expect(loadConfig({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' }).trustedProxyHeader).toBe(
      'x-forwarded-for',
    );
  });

  describe('background work: in the web server, or in a separate worker on PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://store@db.example:5432/store' };

    it('run in the web server by default, on either database', () => {
      expect(loadConfig({}).runWorkers).toBe(true);
      expect(loadConfig(postgres).runWorkers).toBe(true);
    });

    it('leave the web server to a worker with RUN_WORKERS=false on PostgreSQL', () => {
      expect(loadConfig({ ...postgres, RUN_WORKERS: 'false' }).runWorkers).toBe(false);
    });

    it('refuse RUN_WORKERS=false on the embedded database, where no worker could send the mail', () => {
      expect(() => loadConfig({ RUN_WORKERS: 'false' })).toThrow(
        /RUN_WORKERS=false: needs DATABASE_URL \(PostgreSQL\); on the embedded database no separate worker can run, so nothing would send mail/,
      );
    });

    it('refuse a RUN_WORKERS other than true or false', () => {
      expect(() => loadConfig({ ...postgres, RUN_WORKERS: 'no' })).toThrow(/RUN_WORKERS/);
    });

    it('start the worker on PostgreSQL only, whatever RUN_WORKERS says', () => {
      expect(() => loadConfig({}, 'worker')).toThrow(
        /DATABASE_URL: required by the worker \(npm run worker\), which shares a PostgreSQL database with the web servers/,
      );
      expect(() => loadConfig({ RUN_WORKERS: 'false' }, 'worker')).toThrow(
        /DATABASE_URL: required by the worker/,
      );
      expect(loadConfig({ ...postgres, RUN_WORKERS: 'false' }, 'worker').databaseUrl).toBe(
        postgres.DATABASE_URL,
      );
    });
  });
});
