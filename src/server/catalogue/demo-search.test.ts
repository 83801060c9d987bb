import { describe, expect } from 'vitest';
import type { ProductPage, SearchResponse, SearchResult } from '#shared/catalogue';
import { seedDemoCatalogue } from '../demo/seed';
import { getJson } from '#tests/support/test-app';
import { it, test } from '#tests/support/fixtures';

// The whole demo catalogue: a minute on a loaded 2-core machine (seed.test.ts).
test.beforeAll(async ({ app, db }) => {
  await seedDemoCatalogue(db, app.dirs);
}, 180_000);

describe('search over the demo catalogue', () => {
  it("'sampel pack' finds every sample pack and nothing else", async ({ app }) => {
    const all = await getJson<ProductPage>(
      app,
      '/api/products?category=audio-midi-packs&limit=100',
    );
    const samplePacks = all.body.data
      .filter((p) => p.metadata.tags?.includes('sample pack'))
      .map((p) => p.name);
    expect(samplePacks.length).toBeGreaterThanOrEqual(5);

    const { body } = await getJson<ProductPage>(app, '/api/products?q=sampel%20pack&limit=100');
    expect(body.data.map((p) => p.name).sort()).toEqual(samplePacks.sort());
  });

  it('puts the product named by the search first in the overlay', async ({ app }) => {
    const { body } = await getJson<{ data: SearchResult[] }>(app, '/api/search?q=glasshouse');
    expect(body.data[0]?.title).toBe('Glasshouse Reverb');
    expect(body.data[0]?.image).toMatch(/^\/media\/images\/.+\.svg$/);
    expect(body.data[0]?.category).toBe('Plugins');
  });

  it('serves cover art and previews with their content types, and previews by range', async ({
    app,
  }) => {
    const { body } = await getJson<ProductPage>(
      app,
      '/api/products?category=audio-midi-packs&limit=1',
    );
    const product = body.data[0];
    const image = await app.request(product?.imageUrl ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toContain('max-age');

    const preview = await app.request(product?.metadata.audioPreview ?? '', {
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

  it('never hands out a private product file through the media path', async ({ app }) => {
    for (const path of [
      '/media/../files/products/dusty-soul-sample-pack.zip',
      '/media/%2e%2e/files/products/dusty-soul-sample-pack.zip',
      '/media/..%2ffiles/products/dusty-soul-sample-pack.zip',
    ]) {
      const response = await app.request(`http://localhost${path}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.subarray(0, 2).toString(), path).not.toBe('PK');
      expect(response.headers.get('content-type') ?? '', path).not.toContain('zip');
    }
    expect((await app.request('/media/nope.svg')).status).toBe(404);
  });

  it("'90 bpm hip hop' finds the hip-hop packs near 90 BPM and says what it understood", async ({
    app,
  }) => {
    const { body } = await getJson<SearchResponse>(app, '/api/search?q=90%20bpm%20hip%20hop');
    expect(body.understood).toEqual({
      bpm: { min: 90, max: 90 },
      key: null,
      genres: ['hip-hop'],
      instruments: [],
      words: '',
    });
    expect(body.data.map((r) => r.title).sort()).toEqual([
      'Boom Bap Breaks Vol. 2',
      'Dusty Soul Sample Pack',
    ]);
  });

  it('filters /api/products by tempo within 3 BPM, and by key, with no words left', async ({
    app,
  }) => {
    const page = async (q: string) =>
      (await getJson<ProductPage>(app, `/api/products?limit=100&q=${encodeURIComponent(q)}`)).body;
    const near = await page('125 bpm');
    expect(near.data.map((p) => [p.name, p.music.bpmMin]).sort()).toEqual([
      ['Afro House Percussion', 124],
      ['Deep House Bass Lines', 122],
    ]);
    expect(near.total).toBe(2);
    expect(near.understood?.bpm).toEqual({ min: 125, max: 125 });

    const aMinor = await page('Am');
    expect(aMinor.understood?.key).toBe('A minor');
    expect(aMinor.data.map((p) => p.name).sort()).toEqual([
      'Deep House Bass Lines',
      'Lo-Fi Tape Loops',
    ]);
    expect((await page('F#m')).data.map((p) => p.name)).toEqual([
      'Synthwave Nights Construction Kit',
    ]);
    expect((await page('a minor 80bpm')).data.map((p) => p.name)).toEqual(['Lo-Fi Tape Loops']);
  });

  it("'trap 808' is a genre and an instrument, and leaves no words", async ({ app }) => {
    const { body } = await getJson<SearchResponse>(app, '/api/search?q=trap%20808');
    expect(body.understood).toMatchObject({ genres: ['trap'], instruments: ['808'] });
    expect(body.data.map((r) => r.title)).toEqual(['Trap Drum Essentials']);
  });

  it('keeps the rest as words with their typo tolerance, within the filters', async ({ app }) => {
    const { body } = await getJson<ProductPage>(app, '/api/products?q=casette%20lofi%2080%20bpm');
    expect(body.understood).toMatchObject({
      bpm: { min: 80, max: 80 },
      genres: ['lo-fi'],
      words: 'casette',
    });
    expect(body.data.map((p) => p.name)).toEqual(['Lo-Fi Tape Loops']);
    // A genre or instrument named only in a product's text still finds it.
    const bass = await getJson<ProductPage>(app, '/api/products?q=analog%20bass%20synth');
    expect(bass.body.data[0]?.name).toBe('Analog Bass Synth');
    // Text without musical words is answered as before, and understood as nothing.
    const plain = await getJson<SearchResponse>(app, '/api/search?q=glasshouse');
    expect(plain.body.understood).toEqual({
      bpm: null,
      key: null,
      genres: [],
      instruments: [],
      words: 'glasshouse',
    });
  });
});
