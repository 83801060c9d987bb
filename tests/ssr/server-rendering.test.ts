import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect } from 'vitest';
import * as renderer from '#web/entry-server';
import { bundleItems, reviews, users, type CategoryRow, type ProductRow } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { serverRendering } from '#server/web/server-rendering';
import { createCategory, createOrder, createProduct } from '#tests/support/factories';
import { TEST_PUBLIC_URL } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

/**
 * The server's HTML for the public pages, rendered from the web app's source through the real
 * API (the build renders the same modules from dist/ssr).
 */
let pages: Hono;
let category: CategoryRow;
let product: ProductRow;
let unrated: ProductRow;

test.override('appOptions', { config: { storeName: 'Tape Hiss Supply' } });
test.beforeAll(async ({ app, db }) => {
  category = await createCategory(db, {
    name: 'Drum Kits',
    slug: 'drum-kits',
    description: 'One-shots and loops for every groove.',
  });
  product = await createProduct(db, {
    name: 'Dusty <Breaks> Vol. 2',
    description: 'Crunchy breakbeats sampled from worn vinyl.',
    priceCents: 2499,
    categoryId: category.id,
    imageUrl: '/media/images/dusty-breaks.svg',
  });
  unrated = await createProduct(db, { name: 'Quiet Room Tones', categoryId: category.id });
  // Two verified buyers' reviews: 5 and 4 stars, so 4.5 from 2.
  for (const [index, rating] of [5, 4].entries()) {
    const [buyer] = await db
      .insert(users)
      .values({ email: `ssr-reviewer-${index}@example.com`, name: `Reviewer Number${index}` })
      .returning();
    const { item } = await createOrder(db, product, {
      userId: buyer!.id,
      status: 'COMPLETED',
      completedAt: new Date(Date.now() - (10 - index) * 60_000),
    });
    await db.insert(reviews).values({
      productId: product.id,
      userId: buyer!.id,
      orderItemId: item.id,
      rating,
      title: `Review <${index}>`,
      body: 'Crunchy & warm.',
      createdAt: new Date(Date.now() - (5 - index) * 60_000),
    });
  }
  const ssr = serverRendering({
    api: app.app.pageReads,
    renderer,
    template: readFileSync('src/web/index.html', 'utf8'),
    logger: createLogger('silent'),
  });
  pages = new Hono();
  pages.get('*', async (c) => {
    const url = new URL(c.req.url);
    if (!ssr.handles(url.pathname)) return c.text('left to the browser', 299 as 200);
    const page = await ssr.page(`${url.pathname}${url.search}`);
    return page ? c.html(page.html.toString(), page.status as 200) : c.text('render failed', 500);
  });
});

async function get(path: string) {
  const response = await pages.request(path);
  return { status: response.status, html: await response.text() };
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

/** Every JSON-LD block of the page, parsed. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match): Record<string, unknown>[] => [JSON.parse(match[1] ?? 'null')].flat(),
  );
}

const ofType = (html: string, type: string) =>
  structuredData(html).filter((data) => data['@type'] === type);

describe('a product page from the server', () => {
  it('has the name, the price, and its title, description and canonical URL in the head', async () => {
    const { status, html } = await get(`/products/${product.id}`);
    expect(status).toBe(200);
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('Dusty &lt;Breaks&gt; Vol. 2');
    expect(body).toContain('$24.99');
    expect(head(html)).toContain('<title>Dusty &lt;Breaks&gt; Vol. 2 · Tape Hiss Supply</title>');
    expect(head(html)).toContain(
      '<meta name="description" content="Crunchy breakbeats sampled from worn vinyl."/>',
    );
    expect(head(html)).toContain(
      `<link rel="canonical" href="${TEST_PUBLIC_URL}/products/${product.id}"/>`,
    );
    expect(head(html)).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}/media/images/dusty-breaks.svg"/>`,
    );
    // One description only: the template's default gave way to the page's.
    expect(head(html).match(/name="description"/g)).toHaveLength(1);
  });

  it('describes the product, its offer and rating as schema.org JSON-LD', async () => {
    const { html } = await get(`/products/${product.id}`);
    const [data] = ofType(html, 'Product');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Dusty <Breaks> Vol. 2',
      url: `${TEST_PUBLIC_URL}/products/${product.id}`,
      image: [`${TEST_PUBLIC_URL}/media/images/dusty-breaks.svg`],
      brand: { '@type': 'Brand', name: 'Tape Hiss Supply' },
      offers: {
        '@type': 'Offer',
        price: '24.99',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
      // The newest reviews, from their rows.
      review: [
        {
          '@type': 'Review',
          name: 'Review <1>',
          reviewBody: 'Crunchy & warm.',
          author: { '@type': 'Person', name: 'Reviewer N.' },
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        },
        {
          '@type': 'Review',
          name: 'Review <0>',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ],
    });
    expect((data?.review as { datePublished: string }[])[0]?.datePublished).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    // The stars the page shows are the same rows'.
    expect(html).toContain('Rated 4.5 out of 5');
    expect(html).toContain('2 reviews');
    // The JSON cannot end its script early: '<' is escaped inside it.
    expect(html).not.toContain('"Dusty <Breaks>');
    const [trail] = ofType(html, 'BreadcrumbList');
    expect(trail?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${TEST_PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${TEST_PUBLIC_URL}/products` },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Drum Kits',
        item: `${TEST_PUBLIC_URL}/products?category=drum-kits`,
      },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'Dusty <Breaks> Vol. 2',
        item: `${TEST_PUBLIC_URL}/products/${product.id}`,
      },
    ]);
  });

  it('claims no rating for a product without reviews', async () => {
    const { html } = await get(`/products/${unrated.id}`);
    const [data] = ofType(html, 'Product');
    expect(data).toMatchObject({ name: 'Quiet Room Tones' });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(html).toContain('No reviews yet');
    expect(html).not.toContain('Rated ');
  });

  it('carries the data it was drawn with, and no script that runs inline', async () => {
    const { html } = await get(`/products/${product.id}`);
    const state = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(
      html,
    );
    const queries = (JSON.parse(state?.[1] ?? '{}') as { queries: { queryKey: unknown[] }[] })
      .queries;
    expect(queries.map((query) => query.queryKey)).toContainEqual([
      'catalogue',
      'product',
      product.id,
    ]);
    // The session is the browser's to ask: the server draws the page signed out.
    expect(queries.some((query) => query.queryKey[0] === 'session')).toBe(false);
    const scripts = [...html.matchAll(/<script(?: [^>]*)?>/g)].map((match) => match[0]);
    for (const script of scripts) {
      expect(script).toMatch(/type="(?:module|application\/json|application\/ld\+json)"/);
    }
  });

  it('answers 404 with Product Not Found for a product that does not exist', async () => {
    const { status, html } = await get('/products/00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(html).toContain('Product Not Found');
  });
});

describe('a bundle page from the server', () => {
  it("lists the bundle's members with their prices and previews, and what it saves; a member names its bundle", async ({
    db,
  }) => {
    const drums = await createProduct(db, {
      name: 'Tape Drums',
      priceCents: 2000,
      imageUrl: '/media/images/tape-drums.svg',
      metadata: { audioPreview: '/media/previews/tape-drums.mp3' },
      cardPeaks: 'AAAAAAAA',
    });
    const keys = await createProduct(db, { name: 'Tape Keys', priceCents: 3000 });
    const bundle = await createProduct(db, { name: 'Tape Bundle', priceCents: 4000 });
    await db.insert(bundleItems).values([
      { bundleId: bundle.id, memberId: drums.id, position: 1 },
      { bundleId: bundle.id, memberId: keys.id, position: 2 },
    ]);

    const { status, html } = await get(`/products/${bundle.id}`);
    expect(status).toBe(200);
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('In this bundle');
    expect(body).toContain('Save $10.00 (20%) vs buying separately');
    expect(body).toContain(`href="/products/${drums.id}"`);
    expect(body).toContain(`href="/products/${keys.id}"`);
    expect(body).toContain('Play preview of Tape Drums');
    expect(body).toContain('$20.00');
    expect(body.indexOf('Tape Drums')).toBeLessThan(body.indexOf('Tape Keys'));
    expect(body).toContain('>Bundle<');

    const member = await get(`/products/${keys.id}`);
    const memberBody = member.html.slice(member.html.indexOf('<div id="root">'));
    expect(memberBody).toContain('Also in: </span>');
    expect(memberBody).toContain(`href="/products/${bundle.id}"`);
    expect(memberBody).not.toContain('In this bundle');
  });
});

describe('the other public pages', () => {
  it('home describes the store and its search', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    expect(ofType(html, 'Organization')[0]).toMatchObject({
      name: 'Tape Hiss Supply',
      url: `${TEST_PUBLIC_URL}/`,
    });
    expect(ofType(html, 'WebSite')[0]).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${TEST_PUBLIC_URL}/products?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('a category page names the category and lists its products', async () => {
    const { status, html } = await get('/products?category=drum-kits');
    expect(status).toBe(200);
    expect(head(html)).toContain('<title>Drum Kits · Tape Hiss Supply</title>');
    expect(head(html)).toContain(
      `<link rel="canonical" href="${TEST_PUBLIC_URL}/products?category=drum-kits"/>`,
    );
    expect(html).toContain('Dusty &lt;Breaks&gt; Vol. 2');
  });

  it.each([['/products?category=no-such-category'], ['/no/such/page']])(
    '%s answers 404, kept out of search results',
    async (path) => {
      const { status, html } = await get(path);
      expect(status).toBe(404);
      expect(head(html)).not.toContain('rel="canonical"');
    },
  );

  it('an unknown path shows the coming-soon page, marked noindex', async () => {
    const { html } = await get('/no/such/page');
    expect(html).toContain('Coming Soon');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each([['/learn'], ['/support'], ['/about'], ['/privacy'], ['/terms'], ['/license']])(
    '%s is rendered with its title and description',
    async (path) => {
      const { status, html } = await get(path);
      expect(status).toBe(200);
      expect(head(html)).toMatch(/<title>[^<]+ · Tape Hiss Supply<\/title>/);
      expect(head(html)).toContain('<meta name="description"');
      expect(head(html)).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${path}"/>`);
    },
  );

  it('leaves account, cart and checkout pages to the browser', async () => {
    for (const path of ['/cart', '/checkout', '/profile', '/login', '/download-hub']) {
      expect(renderer.isServerRendered(path)).toBe(false);
    }
  });
});
