import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import { CATALOGUE_CHANNEL, catalogueChanges } from '#server/catalogue/catalogue-changes';
import { adminAudit, outboxEmails, storeSettings, users } from '#server/db/schema';
import type { StoreInfo } from '#shared/store';
import type { LegalPageView } from '#shared/store-brand';
import { storeSettingsMessages, type StoreSettings } from '#shared/store-settings-schema';
import { signedInBrowser, TestBrowser } from '#tests/support/auth-client';
import { createCategory, createProduct } from '#tests/support/factories';
import { it, test } from '#tests/support/fixtures';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '#tests/support/test-app';
import { createSharedTestDatabase, openSameDatabase } from '#tests/support/test-database';

/** Issue 33.1: the owner's store settings, and everything that shows them. */

/** This file's app hears catalogue changes here: rows reset behind its back drop what it kept. */
const changes = catalogueChanges();

test.override('appOptions', {
  catalogueChanges: changes,
  config: {
    storeName: 'Tape Hiss Supply',
    supportEmail: 'help@tapehiss.test',
    mailFrom: 'Tape Hiss Mail <no-reply@store.test>',
  },
});

test.beforeEach(async ({ db }) => {
  await db.delete(storeSettings);
  await db.delete(adminAudit);
  await db.delete(outboxEmails);
  changes.notify();
});

type Settings = Omit<StoreSettings, 'logoUrl'>;

const rebranded: Settings = {
  name: 'Grain & Groove',
  tagline: 'Tape-saturated loops.',
  logoUploadId: null,
  accentColor: '#0369A1',
  supportEmail: 'hello@grain.test',
  senderName: 'Grain Mail',
  communityUrl: '',
  socialLinks: {
    discord: '',
    youtube: 'https://www.youtube.com/@grain',
    instagram: '',
    x: '',
    facebook: 'https://www.facebook.com/grain',
  },
  footerColumns: [
    {
      title: 'Help',
      links: [
        { label: 'Support', url: '/support' },
        { label: 'Blog', url: 'https://blog.grain.test/' },
      ],
    },
    { title: 'Empty', links: [] },
  ],
};

const saveStore = (admin: TestBrowser, body: unknown) =>
  admin.request('/api/admin/settings/store', { method: 'PUT', body });
const storeInfo = async (browser: TestBrowser) =>
  (await browser.request('/api/store')).body as unknown as StoreInfo;
const errorOf = (body: unknown) =>
  (body as { error: { code: string; fields: Record<string, string[]> } }).error;

describe('the store settings', () => {
  it('start from the environment (STORE_NAME, SUPPORT_EMAIL, MAIL_FROM) and today’s look', async ({
    app,
    admin,
  }) => {
    const answer = await admin.request('/api/admin/settings/store');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      name: 'Tape Hiss Supply',
      supportEmail: 'help@tapehiss.test',
      senderName: 'Tape Hiss Mail',
      communityUrl: 'https://discord.gg/loopmarket',
      logoUrl: null,
    });
    const store = await storeInfo(new TestBrowser(app));
    expect(store).toMatchObject({ name: 'Tape Hiss Supply', supportEmail: 'help@tapehiss.test' });
    expect(store.brand.socialLinks.map((link) => link.network)).toEqual([
      'youtube',
      'instagram',
      'x',
      'facebook',
    ]);
  });

  it('saves, records who changed what, and every page reads them: empty links shown nowhere', async ({
    app,
    db,
    admin,
  }) => {
    const saved = await saveStore(admin, rebranded);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Grain & Groove', accentColor: '#0369a1' });

    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'settings'), eq(adminAudit.entityId, 'store')));
    expect(entry).toMatchObject({ action: 'update', actorId: admin.user.id });
    expect(entry?.changes.name).toEqual(['Tape Hiss Supply', 'Grain & Groove']);
    expect(entry?.changes.communityUrl).toEqual(['https://discord.gg/loopmarket', '']);

    const store = await storeInfo(new TestBrowser(app));
    expect(store.name).toBe('Grain & Groove');
    expect(store.supportEmail).toBe('hello@grain.test');
    expect(store.brand).toMatchObject({
      accentColor: '#0369a1',
      communityUrl: null,
      tagline: 'Tape-saturated loops.',
      socialLinks: [
        {
          network: 'youtube',
          url: 'https://www.youtube.com/@grain',
          label: 'Grain & Groove on YouTube',
        },
        {
          network: 'facebook',
          url: 'https://www.facebook.com/grain',
          label: 'Grain & Groove on Facebook',
        },
      ],
    });
    // After Products: the owner's columns, one without links not shown.
    expect(store.brand.footerColumns.slice(1)).toEqual([
      {
        title: 'Help',
        links: [
          { label: 'Support', url: '/support', external: false },
          { label: 'Blog', url: 'https://blog.grain.test/', external: true },
        ],
      },
    ]);
  });

  it.for([
    {
      name: 'no name',
      body: { ...rebranded, name: ' ' },
      field: 'name',
      message: storeSettingsMessages.name,
    },
    {
      name: 'a colour that is not #rrggbb',
      body: { ...rebranded, accentColor: 'red; background:url(x)' },
      field: 'accentColor',
      message: storeSettingsMessages.accentColor,
    },
    {
      name: 'an accent too light for white button text',
      body: { ...rebranded, accentColor: '#0ea5e9' },
      field: 'accentColor',
      message: storeSettingsMessages.accentContrast,
    },
    {
      name: 'a support address that is not one',
      body: { ...rebranded, supportEmail: 'help-at-grain' },
      field: 'supportEmail',
      message: storeSettingsMessages.supportEmail,
    },
    {
      name: 'a sender name that would break the From header',
      body: { ...rebranded, senderName: 'Grain <evil@x.test>' },
      field: 'senderName',
      message: storeSettingsMessages.senderName,
    },
    {
      name: 'a social link that is not a web address',
      body: { ...rebranded, socialLinks: { ...rebranded.socialLinks, x: 'javascript:alert(1)' } },
      field: 'socialLinks.x',
      message: storeSettingsMessages.url,
    },
    {
      name: 'a footer link to javascript:',
      body: {
        ...rebranded,
        footerColumns: [{ title: 'Help', links: [{ label: 'Run', url: 'javascript:alert(1)' }] }],
      },
      field: 'footerColumns.0.links.0.url',
      message: storeSettingsMessages.footerUrl,
    },
    {
      name: 'a logo that is no upload',
      body: { ...rebranded, logoUploadId: '5d0c2f3e-64b0-4a53-9a4e-0c9f0b0e6a11' },
      field: 'logoUploadId',
      message: storeSettingsMessages.logo,
    },
  ])('refuses $name (400, nothing saved)', async ({ body, field, message }, { db, admin }) => {
    const answer = await saveStore(admin, body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).code).toBe('VALIDATION_FAILED');
    expect(errorOf(answer.body).fields[field]).toEqual([message]);
    expect(await db.select().from(storeSettings)).toEqual([]);
    expect(await db.select().from(adminAudit)).toEqual([]);
  });

  it('are refused to a customer and to a visitor', async ({ app, customer }) => {
    expect((await saveStore(customer, rebranded)).status).toBe(403);
    expect((await saveStore(new TestBrowser(app), rebranded)).status).toBe(401);
  });

  it('are kept by the process, and dropped when the owner saves', async ({ app, db, admin }) => {
    const visitor = new TestBrowser(app);
    expect((await storeInfo(visitor)).name).toBe('Tape Hiss Supply');
    // Written behind the app's back: the kept copy still answers.
    await db.insert(storeSettings).values({ key: 'store', value: { name: 'Sneaky' } });
    expect((await storeInfo(visitor)).name).toBe('Tape Hiss Supply');
    // Saved by the owner: dropped at once.
    await saveStore(admin, { ...rebranded, name: 'Saved Name' });
    expect((await storeInfo(visitor)).name).toBe('Saved Name');
  });

  it('take an uploaded logo, resized, and show it', async ({ app, admin }) => {
    const png = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#0ea5e9' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    const uploaded = await app.request('/api/admin/uploads/images', {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookieHeader(), origin: TEST_PUBLIC_URL },
    });
    expect(uploaded.status).toBe(201);
    const { image } = (await uploaded.json()) as { image: { id: string } };
    const saved = await saveStore(admin, { ...rebranded, logoUploadId: image.id });
    expect(saved.status).toBe(200);
    const logoUrl = `/media/images/${image.id}/320.webp`;
    expect(saved.body).toMatchObject({ logoUploadId: image.id, logoUrl });
    expect((await storeInfo(new TestBrowser(app))).brand.logoUrl).toBe(logoUrl);
    expect((await app.request(logoUrl)).status).toBe(200);
  });

  it('list in the footer only the categories with an active product', async ({ app, db }) => {
    const shown = await createCategory(db, { name: 'Tape Loops', slug: 'tape-loops' });
    await createCategory(db, { name: 'Nothing Yet', slug: 'nothing-yet' });
    await createProduct(db, { name: 'Hiss 1', categoryId: shown.id, status: 'active' });
    const { brand } = await storeInfo(new TestBrowser(app));
    const [products, resources] = brand.footerColumns;
    expect(products?.title).toBe('Products');
    expect(products?.links).toContainEqual({
      label: 'Tape Loops',
      url: '/products?category=tape-loops',
      external: false,
    });
    expect(products?.links.map((link) => link.label)).not.toContain('Nothing Yet');
    expect(products?.links.at(-1)).toEqual({
      label: 'All Products',
      url: '/products',
      external: false,
    });
    // The community link closes the owner's first column.
    expect(resources?.links.at(-1)).toEqual({
      label: 'Community',
      url: 'https://discord.gg/loopmarket',
      external: true,
    });
  });

  it('name the store and the sender in every e-mail', async ({ app, db, admin }) => {
    await saveStore(admin, rebranded);
    const signup = await new TestBrowser(app).request('/api/newsletter', {
      body: { email: 'fan@example.com', subscriptionType: 'newsletter', source: 'home_page' },
    });
    expect(signup.status).toBe(200);
    const [mail] = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'fan@example.com'));
    expect(mail?.from).toBe('Grain Mail <no-reply@store.test>');
    expect(mail?.subject).toBe('Confirm your Grain & Groove subscription');
    expect(mail?.text).toContain('— Grain & Groove');
    expect(mail?.html).toContain('Grain &amp; Groove');
    expect(`${mail?.subject}${mail?.text}${mail?.html}`).not.toMatch(/Loopmarket|\uE000/);
  });
});

describe('the legal pages', () => {
  const page = async (app: TestContext, name: string) =>
    (await new TestBrowser(app).request(`/api/store/pages/${name}`))
      .body as unknown as LegalPageView;

  it('start with today’s texts, naming the store and its address', async ({ app, admin }) => {
    const texts = await admin.request('/api/admin/settings/pages');
    expect(texts.status).toBe(200);
    expect(texts.body).toMatchObject({
      terms: {
        markdown: expect.stringContaining('## Agreeing to these terms'),
        updatedOn: '2025-06-01',
      },
    });
    const terms = await page(app, 'terms');
    expect(terms).toMatchObject({
      page: 'terms',
      title: 'Terms of Service',
      updatedOn: '2025-06-01',
    });
    expect(terms.html).toContain('<h2 id="agreeing-to-these-terms">Agreeing to these terms</h2>');
    expect(terms.headings[0]).toEqual({
      id: 'agreeing-to-these-terms',
      text: 'Agreeing to these terms',
    });
    expect(terms.headings.length).toBeGreaterThan(3);
    expect(terms.html).toContain('browse the Tape Hiss Supply store');
    expect(terms.html).toContain('help@tapehiss.test');
    expect(terms.html).not.toContain('{{');
    expect((await new TestBrowser(app).request('/api/store/pages/cookies')).status).toBe(400);
  });

  it('show the owner’s Markdown rendered safely: no raw HTML, no script links', async ({
    app,
    db,
    admin,
  }) => {
    const before = (await admin.request('/api/admin/settings/pages')).body as Record<
      string,
      { markdown: string }
    >;
    const terms = [
      '## Our terms',
      'Sold by {{store_name}}.',
      '<script>alert(1)</script><img src=x onerror=alert(2)>',
      '[click me](javascript:alert(3))',
    ].join('\n\n');
    const saved = await admin.request('/api/admin/settings/pages', {
      method: 'PUT',
      body: { privacy: before.privacy!.markdown, terms, license: before.license!.markdown },
    });
    expect(saved.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(saved.body).toMatchObject({
      terms: { markdown: terms, updatedOn: today },
      privacy: { updatedOn: '2025-06-01' },
    });
    const shown = await page(app, 'terms');
    expect(shown.updatedOn).toBe(today);
    expect(shown.html).toContain('<h2 id="our-terms">Our terms</h2>');
    expect(shown.html).toContain('Sold by Tape Hiss Supply.');
    expect(shown.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(shown.html).not.toMatch(/<script|<img|href="javascript/);

    const preview = await admin.request('/api/admin/settings/pages/preview', {
      body: { markdown: '**Hi** <b>there</b> {{store_name}}' },
    });
    expect(preview.body).toEqual({
      html: '<p><strong>Hi</strong> &lt;b&gt;there&lt;/b&gt; Tape Hiss Supply</p>\n',
    });

    const [entry] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.entityType, 'settings'), eq(adminAudit.entityId, 'pages')));
    expect(Object.keys(entry?.changes ?? {})).toEqual(['terms']);

    // The sitemap dates the page by its text.
    const pagesXml = await (await app.request('/sitemaps/pages.xml')).text();
    expect(pagesXml).toContain(
      `<loc>http://store.test/terms</loc><lastmod>${today}T00:00:00Z</lastmod>`,
    );
    expect(pagesXml).toContain(
      '<loc>http://store.test/privacy</loc><lastmod>2025-06-01T00:00:00Z</lastmod>',
    );
  });
});

/** Two server processes on one PostgreSQL database: a save on one is heard by the other. */
describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one database', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let first: TestContext;
  let second: TestContext;
  const secondChanges = catalogueChanges();
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await shared?.remove();
  });

  it('the other process drops its kept settings when the owner saves', async () => {
    shared = await createSharedTestDatabase();
    first = await createTestContext({ database: await shared.open() });
    second = await createTestContext({
      database: await openSameDatabase(first.database),
      catalogueChanges: secondChanges,
    });
    await second.database.listen(CATALOGUE_CHANNEL, () => {});
    const { browser, user } = await signedInBrowser(first, 'owner@example.com');
    await first.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    const visitor = new TestBrowser(second);
    expect((await storeInfo(visitor)).name).toBe('Loopmarket');

    const heard = new Promise<void>((resolve) => secondChanges.subscribe(resolve));
    expect((await saveStore(browser, { ...rebranded, name: 'Heard Elsewhere' })).status).toBe(200);
    await heard;
    expect((await storeInfo(visitor)).name).toBe('Heard Elsewhere');
  });
});
