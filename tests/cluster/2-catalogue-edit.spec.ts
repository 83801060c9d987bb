import type { ProductPage, SearchResponse } from '../../src/shared/catalogue';
import { expect, test, type APIRequestContext } from '../e2e/fixtures';
import { signInAsAdmin } from './cluster-admin';
import { asIfThroughTheProxy, cluster } from './cluster-env';

/** What server B answers a visitor: the list, the search, a genre's facet count. */
async function onB(request: APIRequestContext) {
  const get = async <T>(path: string) => {
    const answer = await request.get(`${cluster.serverB}${path}`, { headers: asIfThroughTheProxy });
    expect(answer.ok(), path).toBe(true);
    return (await answer.json()) as T;
  };
  return {
    listed: async () =>
      (await get<ProductPage>('/api/products?limit=100&sortBy=created_at')).data.map((p) => p.name),
    found: async (words: string) =>
      (await get<SearchResponse>(`/api/search?q=${encodeURIComponent(words)}`)).data.map(
        (p) => p.title,
      ),
    boomBap: async () =>
      (await get<ProductPage>('/api/products?facets=true')).facets?.genre.find(
        (facet) => facet.value === 'boom-bap',
      )?.count ?? 0,
  };
}

/**
 * Each server keeps what it builds from the catalogue for a while (rendered pages, the facet
 * index, search's typo corrections). An admin's edit on server A is announced to every server
 * through PostgreSQL, so server B, whose copies were warm, answers from the new catalogue on
 * the next request: its list, its search (typos included) and its facets.
 */
test("a product made and renamed on server A is in server B's list, search and facets at once", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    baseURL: cluster.serverA,
    extraHTTPHeaders: asIfThroughTheProxy,
  });
  const admin = context.request;
  await signInAsAdmin(admin);
  const b = await onB(request);

  // B's copies, warm: the typo is remembered as having no correction.
  const boomBapBefore = await b.boomBap();
  expect(await b.found('vibrafone')).toEqual([]);
  expect(await b.listed()).not.toContain('Vibraphone Sessions');

  const made = await admin.post('/api/admin/products', {
    headers: { origin: cluster.serverA },
    data: {
      name: 'Vibraphone Sessions',
      price: '14.00',
      status: 'active',
      music: { genres: ['boom-bap'] },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: string } }).data;

  // The announcement reaches B as the write commits; a few milliseconds at most.
  const soon = { timeout: 2_000, intervals: [25] };
  await expect.poll(() => b.listed(), soon).toContain('Vibraphone Sessions');
  expect(await b.found('vibraphone')).toEqual(['Vibraphone Sessions']);
  expect(await b.found('vibrafone')).toEqual(['Vibraphone Sessions']);
  expect(await b.boomBap()).toBe(boomBapBefore + 1);

  const renamed = await admin.patch(`/api/admin/products/${id}`, {
    headers: { origin: cluster.serverA },
    data: { name: 'Glockenspiel Sessions' },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await expect.poll(() => b.listed(), soon).toContain('Glockenspiel Sessions');
  expect(await b.listed()).not.toContain('Vibraphone Sessions');
  expect(await b.found('glockenspeil')).toEqual(['Glockenspiel Sessions']);
  expect(await b.found('vibraphone')).toEqual([]);
  expect(await b.boomBap()).toBe(boomBapBefore + 1);

  // And a visitor's page from B shows it under its new name.
  const page = await browser.newPage({ extraHTTPHeaders: asIfThroughTheProxy });
  await page.goto(`${cluster.serverB}/products/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glockenspiel Sessions');
  await page.close();
  await context.close();
});
