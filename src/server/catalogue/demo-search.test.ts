import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, SearchResult } from '#shared/catalogue';
import { seedDemoCatalogue } from '../db/seed/seed';
import { createTestContext, getJson, type TestContext } from '../../../tests/support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoCatalogue(ctx.database.db, ctx.dirs);
});
afterAll(() => ctx.close());

describe('search over the demo catalogue', () => {
  it("'sampel pack' finds every sample pack and nothing else", async () => {
    const all = await getJson<ProductPage>(
      ctx,
      '/api/products?category=audio-midi-packs&limit=100',
    );
    const samplePacks = all.body.data
      .filter((p) => p.metadata.tags?.includes('sample pack'))
      .map((p) => p.name);
    expect(samplePacks.length).toBeGreaterThanOrEqual(5);

    const { body } = await getJson<ProductPage>(ctx, '/api/products?q=sampel%20pack&limit=100');
    expect(body.data.map((p) => p.name).sort()).toEqual(samplePacks.sort());
  });

  it('puts the product named by the search first in the overlay', async () => {
    const { body } = await getJson<{ data: SearchResult[] }>(ctx, '/api/search?q=glasshouse');
    expect(body.data[0]?.title).toBe('Glasshouse Reverb');
    expect(body.data[0]?.image).toMatch(/^\/media\/images\/.+\.svg$/);
    expect(body.data[0]?.category).toBe('Plugins');
  });

  it('serves cover art and previews with their content types, and previews by range', async () => {
    const { body } = await getJson<ProductPage>(
      ctx,
      '/api/products?category=audio-midi-packs&limit=1',
    );
    const product = body.data[0];
    const image = await ctx.app.request(product?.imageUrl ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toContain('max-age');

    const preview = await ctx.app.request(product?.metadata.audioPreview ?? '', {
      headers: { Range: 'bytes=0-11' },
    });
    expect(preview.status).toBe(206);
    expect(preview.headers.get('content-type')).toMatch(/audio\/(wav|x-wav|wave)/);
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('RIFF');
  });

  it('never hands out a private product file through the media path', async () => {
    for (const path of [
      '/media/../files/products/dusty-soul-sample-pack.zip',
      '/media/%2e%2e/files/products/dusty-soul-sample-pack.zip',
      '/media/..%2ffiles/products/dusty-soul-sample-pack.zip',
    ]) {
      const response = await ctx.app.request(`http://localhost${path}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 2).toString(), path).not.toBe('PK');
      expect(response.headers.get('content-type') ?? '', path).not.toContain('zip');
    }
    expect((await ctx.app.request('/media/nope.svg')).status).toBe(404);
  });
});
