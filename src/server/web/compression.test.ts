import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compression } from './compression';

const bigJson = { data: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Product ${i}` })) };

function app() {
  const hono = new Hono();
  hono.use(compression());
  hono.use('/json/*', etag());
  hono.get('/json/big', (c) => c.json(bigJson));
  hono.get('/json/watched', (c) => watchBodyReads(c.json(bigJson)));
  hono.get('/json/current', (c) => watchBodyReads(c.json(current)));
  hono.get('/json/small', (c) => c.json({ ok: true }));
  hono.get('/audio', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'audio/wav' }));
  return hono;
}

/** What /json/current answers. */
let current: unknown = bigJson;

/** How many times the last watched answer's body was read, as a stream or whole. */
let bodyReads = 0;
const bodyGetter = Object.getOwnPropertyDescriptor(Response.prototype, 'body')!.get!;
function watchBodyReads(response: Response): Response {
  bodyReads = 0;
  Object.defineProperty(response, 'body', {
    get() {
      bodyReads++;
      return bodyGetter.call(this) as unknown;
    },
  });
  const arrayBuffer = response.arrayBuffer.bind(response);
  response.arrayBuffer = () => {
    bodyReads++;
    return arrayBuffer();
  };
  return response;
}

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    [undefined, null],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compression', () => {
  it('sends brotli when the client accepts it, and the same JSON comes out', async () => {
    const response = await app().request('/json/big', {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const sent = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(sent.length);
    expect(JSON.parse(brotliDecompressSync(sent).toString())).toEqual(bigJson);
  });

  it('does not read the body of an answer it will not compress', async () => {
    // @hono/node-server writes a string answer directly unless its body is read, which turns
    // it into a stream down a slower path.
    const plain = await app().request('/json/watched');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(bodyReads).toBe(0);
    expect(await plain.json()).toEqual(bigJson);

    const compressed = await app().request('/json/watched', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(
      JSON.parse(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()),
    ).toEqual(bigJson);
  });

  it('falls back to gzip', async () => {
    const response = await app().request('/json/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const body = gunzipSync(Buffer.from(await response.arrayBuffer()));
    expect(JSON.parse(body.toString())).toEqual(bigJson);
  });

  it('leaves small answers, audio and clients without Accept-Encoding alone', async () => {
    const small = await app().request('/json/small', { headers: { 'Accept-Encoding': 'br' } });
    const audio = await app().request('/audio', { headers: { 'Accept-Encoding': 'br' } });
    const plain = await app().request('/json/big');
    for (const response of [small, audio, plain]) {
      expect(response.headers.get('content-encoding')).toBeNull();
    }
    expect(await plain.json()).toEqual(bigJson);
  });

  it('weakens the ETag of a compressed answer, which still revalidates to 304', async () => {
    const first = await app().request('/json/big', { headers: { 'Accept-Encoding': 'br' } });
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const again = await app().request('/json/big', {
      headers: { 'Accept-Encoding': 'br', 'If-None-Match': tag },
    });
    expect(again.status).toBe(304);
  });

  it('compresses an answer asked for again once, and a changed answer afresh', async () => {
    const server = app();
    const ask = async () => {
      const response = await server.request('/json/current', {
        headers: { 'Accept-Encoding': 'br' },
      });
      expect(response.headers.get('content-encoding')).toBe('br');
      return JSON.parse(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString());
    };
    current = bigJson;
    expect(await ask()).toEqual(bigJson);
    expect(bodyReads).toBe(1);
    // The same bytes (the same strong ETag): sent as compressed before, the answer left unread.
    expect(await ask()).toEqual(bigJson);
    expect(bodyReads).toBe(0);

    const changed = { data: [...bigJson.data, { id: 60, name: 'Product 60' }] };
    current = changed;
    expect(await ask()).toEqual(changed);
    expect(bodyReads).toBe(1);
  });
});
