import { demoProductId } from '../../src/server/demo/demo-catalogue';
import { parseXml, textsOf } from '../support/xml';
import { expect, test, type APIRequestContext } from './fixtures';

/** The demo catalogue's retired product (is_active false): its page is gone for good. */
const ARCHIVED_ID = demoProductId('vintage-drum-machine-pack');

/** The <loc>s of a sitemap file, read by a strict XML reader (tests/support/xml.ts). */
async function locsOf(request: APIRequestContext, url: string, root: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await response.text();
  const document = parseXml(xml);
  expect(document.name, url).toBe(root);
  return textsOf(document, 'loc');
}

test('robots.txt keeps crawlers out of private pages and names the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const robots = await response.text();
  expect(robots).toContain('User-agent: *\nAllow: /\n');
  for (const path of ['/account', '/cart', '/checkout', '/admin', '/api/']) {
    expect(robots).toContain(`\nDisallow: ${path}\n`);
  }
  expect(robots).toContain(`\nSitemap: ${baseURL}/sitemap.xml\n`);
});

test('every address in the sitemap answers 200 with its page', async ({ request, baseURL }) => {
  const files = await locsOf(request, '/sitemap.xml', 'sitemapindex');
  expect(files).toEqual([
    `${baseURL}/sitemaps/pages.xml`,
    `${baseURL}/sitemaps/categories.xml`,
    `${baseURL}/sitemaps/products-1.xml`,
  ]);
  const pages: string[] = [];
  for (const file of files) pages.push(...(await locsOf(request, file, 'urlset')));

  expect(pages).toContain(`${baseURL}/`);
  expect(pages).toContain(`${baseURL}/products?category=audio-midi-packs`);
  const products = pages.filter((url) => url.startsWith(`${baseURL}/products/`));
  // The demo catalogue's products, each once, without the retired one.
  expect(products.length).toBeGreaterThan(20);
  expect(new Set(products).size).toBe(products.length);
  expect(products).not.toContain(`${baseURL}/products/${ARCHIVED_ID}`);

  for (const url of pages) {
    const page = await request.get(url, { maxRedirects: 0 });
    expect(page.status(), url).toBe(200);
    expect(page.headers()['content-type'], url).toContain('text/html');
  }
});

test("a retired product's page answers 410 Gone and says it is not available", async ({
  page,
  request,
}) => {
  const gone = await request.get(`/products/${ARCHIVED_ID}`, { maxRedirects: 0 });
  expect(gone.status()).toBe(410);
  expect(gone.headers()['content-type']).toContain('text/html');
  // A product that never was is still a plain 404.
  const missing = await request.get('/products/00000000-0000-4000-8000-000000000000');
  expect(missing.status()).toBe(404);

  const response = await page.goto(`/products/${ARCHIVED_ID}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product Not Found');
  await expect(page.getByText('Vintage Drum Machine Pack (Legacy)')).toHaveCount(0);
});
