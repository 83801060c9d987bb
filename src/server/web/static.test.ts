import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { compression } from './compression';
import { mountWebApp } from './static';

/** A built web app in miniature: index.html, a manifest, and an entry with its compressed twins. */
function fakeBuild(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'loopmarket-dist-')), 'web');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-a1.js"></script></head><body></body></html>',
  );
  const entry = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  writeFileSync(join(dir, 'assets', 'index-a1.js'), entry);
  writeFileSync(join(dir, 'assets', 'index-a1.js.br'), brotliCompressSync(entry));
  writeFileSync(join(dir, 'assets', 'index-a1.js.gz'), gzipSync(entry));
  const manifest = {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_react-b2.js'] },
    '_react-b2.js': { file: 'assets/react-b2.js' },
    '_grid-c3.js': { file: 'assets/grid-c3.js', imports: ['_react-b2.js'] },
    'features/home/home-page.tsx': {
      file: 'assets/home-page-d4.js',
      isDynamicEntry: true,
      imports: ['index.html', '_grid-c3.js'],
    },
    'features/catalogue/product-page.tsx': {
      file: 'assets/product-page-e5.js',
      isDynamicEntry: true,
      imports: ['index.html', '_grid-c3.js'],
    },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

let app: Hono;
beforeAll(() => {
  app = new Hono();
  app.use(compression());
  mountWebApp(app, fakeBuild(), { logger: createLogger('silent') });
});

describe('the built web app', () => {
  it('sends the prebuilt brotli of an asset, cached for a year as immutable', async () => {
    const response = await app.request('/assets/index-a1.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("names the first page's own chunks and first API call in its HTML, and only those", async () => {
    const home = await (await app.request('/')).text();
    expect(home).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-d4.js">');
    expect(home).toContain('href="/assets/grid-c3.js"');
    expect(home).not.toContain('react-b2.js');
    expect(home).not.toContain('product-page-e5.js');
    expect(home).toContain('href="/api/products/featured?limit=6"');

    const product = await (await app.request('/products/0b9d1c4e')).text();
    expect(product).toContain('href="/assets/product-page-e5.js"');
    expect(product).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/products/0b9d1c4e">',
    );
    const about = await (await app.request('/about')).text();
    expect(about).not.toContain('modulepreload');
  });

  it('answers every other path with the app, never cached without revalidation', async () => {
    const response = await app.request('/some/page');
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('a server build that does not load', () => {
  it('is logged, and every page is left to the browser', async () => {
    const webDir = fakeBuild();
    mkdirSync(join(webDir, '..', 'ssr'));
    writeFileSync(join(webDir, '..', 'ssr', 'entry-server.js'), 'throw new Error("broken build");');
    const errors: unknown[] = [];
    const logger = createLogger('silent');
    logger.error = ((...args: unknown[]) => void errors.push(args)) as typeof logger.error;
    const broken = new Hono();
    const mounted = mountWebApp(broken, webDir, { logger });
    expect(mounted && (await mounted.rendering)).toBeNull();
    const response = await broken.request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<script type="module" src="/assets/index-a1.js">');
    expect(errors).toHaveLength(1);
  });
});

describe('a page the browser renders', () => {
  it('names the store as its owner set it before the app loads', async () => {
    const webDir = fakeBuild();
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Loopmarket</title></head><body><div id="root"><header><a href="/">Loopmarket</a></header></div></body></html>',
    );
    let name = 'Tape & <Hiss>';
    const named = new Hono();
    mountWebApp(named, webDir, { logger: createLogger('silent'), storeName: async () => name });
    const html = await (await named.request('/account')).text();
    expect(html).toContain('<title>Tape &amp; &lt;Hiss&gt;</title>');
    expect(html).toContain('<a href="/">Tape &amp; &lt;Hiss&gt;</a>');
    expect(html).not.toContain('Loopmarket');
    name = 'Loopmarket';
    expect(await (await named.request('/account')).text()).toContain('<title>Loopmarket</title>');
  });
});
