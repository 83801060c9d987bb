import { describe, expect, it } from 'vitest';
import { RenderedPageCache } from './rendered-page-cache';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RenderedPageCache', () => {
  it('renders a page once while it is fresh, again once it is not', async () => {
    const time = clock();
    const cache = new RenderedPageCache<string>(1000, 10, time.now);
    let renders = 0;
    const render = async () => `page ${++renders}`;
    expect(await cache.get('/a', render)).toBe('page 1');
    time.advance(999);
    expect(await cache.get('/a', render)).toBe('page 1');
    time.advance(1);
    expect(await cache.get('/a', render)).toBe('page 2');
  });

  it('lets requests for a page being rendered wait for that rendering', async () => {
    const cache = new RenderedPageCache<string>();
    let renders = 0;
    let finish: (html: string) => void = () => {};
    const render = () => {
      renders++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.get('/a', render);
    const second = cache.get('/a', render);
    finish('page');
    expect(await Promise.all([first, second])).toEqual(['page', 'page']);
    expect(renders).toBe(1);
  });

  it('drops the least recently used page beyond its size', async () => {
    const cache = new RenderedPageCache<string>(60_000, 2);
    await cache.get('/a', async () => 'a');
    await cache.get('/b', async () => 'b');
    await cache.get('/a', async () => 'a again');
    await cache.get('/c', async () => 'c');
    expect(await cache.get('/a', async () => 'a rendered again')).toBe('a');
    expect(await cache.get('/b', async () => 'b rendered again')).toBe('b rendered again');
  });

  it('after clear() renders afresh, and does not keep a page begun before it', async () => {
    const cache = new RenderedPageCache<string>();
    await cache.get('/a', async () => 'old');
    let finish: (html: string) => void = () => {};
    const begun = cache.get('/b', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('old b');
    expect(await begun).toBe('old b');
    expect(await cache.get('/a', async () => 'new')).toBe('new');
    expect(await cache.get('/b', async () => 'new b')).toBe('new b');
  });

  it('does not keep a failed rendering', async () => {
    const cache = new RenderedPageCache<string>();
    await expect(cache.get('/a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('/a', async () => 'page')).toBe('page');
  });
});
