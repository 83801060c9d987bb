import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { catalogueAnswerCache, type ReadAnswer } from './answer-cache';
import { catalogueChanges } from './catalogue-changes';

/** A promise settled from outside: a database read held until the test lets it finish. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An app of one route, `/:key`, answered through the cache by `read`; reads are counted. */
function cachedApp(maxBytes = 1024 * 1024, read?: (key: string) => Promise<ReadAnswer>) {
  const changes = catalogueChanges();
  const cache = catalogueAnswerCache(changes, maxBytes);
  const reads: string[] = [];
  let version = 1;
  const app = new Hono();
  app.onError((_, c) => c.text('failed', 500));
  app.get('/:key', (c) => {
    const key = c.req.param('key');
    return cache.json(c, key, () => {
      reads.push(key);
      return read ? read(key) : Promise.resolve({ text: answerText(key, version) });
    });
  });
  return {
    app,
    cache,
    changes,
    reads,
    /** The database changing: what a read gives from now on. */
    write: () => version++,
  };
}

/** JSON of about 2 kB, so it is compressed. */
const answerText = (key: string, version: number) =>
  JSON.stringify({ key, version, padding: 'loop '.repeat(400) });

describe('the catalogue answer cache', () => {
  it('reads an answer once and sends the same bytes and ETag again', async () => {
    const { app, reads } = cachedApp();
    const first = await app.request('/a');
    const second = await app.request('/a');
    expect(reads).toEqual(['a']);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toContain('public');
    expect(JSON.parse(await (await app.request('/a')).text())).toMatchObject({ version: 1 });
  });

  it('keeps the compressed bytes: brotli made once, a weak ETag, Vary', async () => {
    const { app, cache, reads } = cachedApp();
    const asked = { headers: { 'Accept-Encoding': 'gzip, br' } };
    const first = await app.request('/b', asked);
    const sizeAfterFirst = cache.stats.bytes;
    const second = await app.request('/b', asked);
    expect(reads).toEqual(['b']);
    expect(second.headers.get('content-encoding')).toBe('br');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
    expect(second.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const bytes = Buffer.from(await second.arrayBuffer());
    expect(bytes.equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toMatchObject({ key: 'b' });
    // The second answer added nothing: its brotli was kept with the first.
    expect(cache.stats.bytes).toBe(sizeAfterFirst);
    const plain = await app.request('/b');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await plain.text())).toMatchObject({ key: 'b' });
  });

  it('reads again after a catalogue change', async () => {
    const { app, changes, reads, write } = cachedApp();
    await app.request('/c');
    write();
    changes.notify();
    expect(JSON.parse(await (await app.request('/c')).text())).toMatchObject({ version: 2 });
    expect(reads).toEqual(['c', 'c']);
  });

  it('never keeps an answer whose read began before a change', async () => {
    const held = deferred<ReadAnswer>();
    let calls = 0;
    const { app, changes, reads } = cachedApp(1024 * 1024, () => {
      calls++;
      return calls === 1 ? held.promise : Promise.resolve({ text: answerText('d', 2) });
    });
    const during = app.request('/d');
    // The read has begun (it is held); the catalogue changes before it ends.
    await Promise.resolve();
    expect(reads).toEqual(['d']);
    changes.notify();
    held.resolve({ text: answerText('d', 1) });
    // The request that was already waiting gets its answer, read as it arrived…
    expect(JSON.parse(await (await during).text())).toMatchObject({ version: 1 });
    // …but it was not kept: the next request reads again and finds the change.
    expect(JSON.parse(await (await app.request('/d')).text())).toMatchObject({ version: 2 });
    expect(reads).toEqual(['d', 'd']);
  });

  it('shares one read between requests that miss together, and keeps no failure', async () => {
    const held = deferred<ReadAnswer>();
    const { app, reads } = cachedApp(1024 * 1024, () => held.promise);
    const together = [app.request('/e'), app.request('/e'), app.request('/e')];
    await Promise.resolve();
    held.reject(new Error('the database is away'));
    const answers = await Promise.all(together);
    expect(answers.map((a) => a.status)).toEqual([500, 500, 500]);
    expect(reads).toEqual(['e']);
    await app.request('/e');
    expect(reads).toEqual(['e', 'e']);
  });

  it('keeps within its bytes, the least recently used going first', async () => {
    // Room for about three answers of 2 kB.
    const { app, cache, reads } = cachedApp(7_000);
    for (const key of ['f1', 'f2', 'f3']) await app.request(`/${key}`);
    await app.request('/f1');
    await app.request('/f4');
    expect(cache.stats.bytes).toBeLessThanOrEqual(7_000);
    reads.length = 0;
    await app.request('/f1');
    await app.request('/f2');
    // f1 was used after f2: f2 went to make room for f4.
    expect(reads).toEqual(['f2']);
  });

  it('reads again an answer kept only for a while once its time is over', async () => {
    let keepUntil = Date.now() + 60_000;
    const { app, reads } = cachedApp(1024 * 1024, (key) =>
      Promise.resolve({ text: answerText(key, 1), keepUntil }),
    );
    await app.request('/g');
    await app.request('/g');
    expect(reads).toEqual(['g']);
    keepUntil = Date.now() - 1;
    await app.request('/h');
    await app.request('/h');
    expect(reads).toEqual(['g', 'h', 'h']);
  });

  it('keeps nothing when given no memory', async () => {
    const { app, reads } = cachedApp(0);
    await app.request('/i');
    await app.request('/i');
    expect(reads).toEqual(['i', 'i']);
  });
});
