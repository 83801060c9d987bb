import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than its headers and the work cost. */
export const MIN_BYTES = 1024;
/**
 * Brotli at quality 4 compresses a page of products (10 kB of JSON) in about 60 µs, smaller
 * than gzip at its default level in the same time; qualities above 5 cost more for little
 * gain on answers made per request. Built assets arrive already compressed at the top quality
 * (vite.config.ts) and pass through untouched.
 */
const BROTLI_QUALITY = 4;

const COMPRESSIBLE =
  /^\s*(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml|[^;\s]+\+json)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts: brotli, then gzip (a q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const allows = (name: Encoding) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/**
 * Up to this size an answer is compressed on the event loop, at once: under 0.3 ms for 64 kB.
 * Handing a small answer to the thread pool costs more than compressing it (a 12 kB page of
 * products: 143 µs of CPU asynchronously, 62 µs synchronously; bench/ measures the list).
 */
const SYNC_MAX_BYTES = 64 * 1024;

export async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= SYNC_MAX_BYTES;
  if (encoding === 'gzip') return small ? gzipSync(body) : gzipAsync(body);
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return small ? brotliCompressSync(body, options) : brotli(body, options);
}

/** How much compressed output one server keeps for answers asked for again (below). */
const REMEMBERED_BYTES = 16 * 1024 * 1024;

function appendVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Makes `body` the answer, with exactly `headers`. Assigning over an answer makes Hono rebuild
 * the new one from its body stream with the old one's headers copied over, which takes the new
 * answer off @hono/node-server's direct write path; clearing it first leaves nothing to copy.
 */
function replaceAnswer(c: Context, body: Uint8Array, status: number, headers: Headers) {
  c.res = undefined;
  const bytes: Uint8Array<ArrayBuffer> = new Uint8Array(body);
  c.res = new Response(bytes, { status, headers });
}

/**
 * Brotli or gzip for text answers made per request (JSON, HTML, SVG), negotiated from
 * Accept-Encoding. Answers that already carry an encoding (precompressed assets), ranges,
 * audio and archives pass through. A strong ETag becomes weak once the bytes are re-encoded,
 * and still matches If-None-Match (hono's etag compares weakly).
 */
export function compression(): MiddlewareHandler {
  /**
   * Compressed answers by encoding, type and strong ETag. A strong ETag changes with every
   * change of the bytes (a strong validator in HTTP's terms), so an entry never goes stale: a
   * catalogue page asked for again, by anyone, is compressed once. The least recently used go
   * first.
   */
  const remembered = new LRUCache<string, Buffer>({
    maxSize: REMEMBERED_BYTES,
    sizeCalculation: (bytes, key) => bytes.length + key.length,
  });
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers only: reading `res.body` would turn @hono/node-server's light answer
    // (a string it writes directly) into a stream through the slow Response path, for every
    // answer, compressed or not (22 % of the list's CPU profile).
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const length = Number(res.headers.get('Content-Length') ?? Infinity);
    if (length < MIN_BYTES) return;
    appendVary(res.headers);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;

    // An answer with a strong ETag (etag(): a hash of its bytes) compresses to what it did the
    // last time it was sent: that is sent again without reading or compressing the answer.
    const etag = res.headers.get('ETag');
    const strongEtag = etag && !etag.startsWith('W/') ? etag : undefined;
    const key = strongEtag && `${encoding} ${res.headers.get('Content-Type')} ${strongEtag}`;
    let encoded = key ? remembered.get(key) : undefined;
    if (!encoded) {
      // Only an answer that will be compressed is read (an empty body reads as no bytes).
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length < MIN_BYTES) return replaceAnswer(c, body, res.status, res.headers);
      encoded = await compress(body, encoding);
      if (key) remembered.set(key, encoded);
    }
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(encoded.length));
    if (strongEtag) headers.set('ETag', `W/${strongEtag}`);
    replaceAnswer(c, encoded, res.status, headers);
  };
}
