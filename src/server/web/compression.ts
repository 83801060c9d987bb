import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed answer saves less than its headers and the work cost. */
const MIN_BYTES = 1024;
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

export function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body);
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function appendVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Brotli or gzip for text answers made per request (JSON, HTML, SVG), negotiated from
 * Accept-Encoding. Answers that already carry an encoding (precompressed assets), ranges,
 * audio and archives pass through. A strong ETag becomes weak once the bytes are re-encoded,
 * and still matches If-None-Match (hono's etag compares weakly).
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers only: reading `res.body` would turn @hono/node-server's light answer
    // (a string it writes directly) into a stream through the slow Response path, for every
    // answer, compressed or not (22 % of the list's CPU profile, issue 20).
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

    // Only an answer that will be compressed is read (an empty body reads as no bytes).
    const body = Buffer.from(await res.arrayBuffer());
    const encoded = body.length < MIN_BYTES ? null : await compress(body, encoding);
    // Hono copies the old answer's headers onto a new one, so the changed ones are set after.
    c.res = new Response(new Uint8Array(encoded ?? body), res);
    if (!encoded) return;
    const headers = c.res.headers;
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(encoded.length));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  };
}
