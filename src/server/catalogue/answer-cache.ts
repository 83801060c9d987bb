import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { LRUCache } from 'lru-cache';
import { chooseEncoding, compress, MIN_BYTES, type Encoding } from '../web/compression';
import type { CatalogueChanges } from './catalogue-changes';
import { PUBLIC_CACHE_CONTROL } from './public-cache';

/** How much of its catalogue answers one server process keeps unless CATALOGUE_CACHE_MB says. */
export const DEFAULT_CATALOGUE_CACHE_MB = 64;

/** What a cache miss reads: the answer's JSON text, and until when it may be kept, if not forever. */
export interface ReadAnswer {
  text: string;
  /**
   * A time (Date.now()) after which the answer is read again: for what changes without a
   * catalogue change (a list in order of popularity, which paid orders move). Unset: until the
   * next catalogue change.
   */
  keepUntil?: number;
}

/** One answer as it is sent: its bytes, their ETag and their compressed forms, made once each. */
class CachedAnswer {
  readonly body: Buffer;
  readonly etag: string;
  readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    text: string,
    readonly keepUntil: number,
  ) {
    this.body = Buffer.from(text);
    this.etag = `"${createHash('sha1').update(this.body).digest('hex')}"`;
  }

  get size(): number {
    let size = this.body.length + 200;
    for (const bytes of this.encoded.values()) size += bytes.length;
    return size;
  }
}

type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

/**
 * The public catalogue's answers, kept in this process as the bytes sent (each compressed form
 * too), by route and validated request; filled on first use, the least recently used dropped
 * past `maxBytes`. A derived read cache, like the facet index and the rendered pages: every
 * catalogue change (this process's, or another's heard through PostgreSQL: catalogue-changes.ts)
 * drops all of it, and an answer whose read began before the latest change is never kept, so
 * after a write has committed and been heard, no answer from before it is sent again. Misses
 * for one request share one read. Nothing here reads the session or a cookie: the routes that
 * use it answer everyone alike (docs/caching.md).
 */
export function catalogueAnswerCache(changes: CatalogueChanges, maxBytes: number) {
  const kept =
    maxBytes > 0
      ? new LRUCache<string, CachedAnswer>({
          maxSize: maxBytes,
          sizeCalculation: (answer, key) => answer.size + key.length,
        })
      : null;
  const reading = new Map<string, Promise<CachedAnswer>>();
  /** Counts the changes heard: an answer read before the latest one is never kept. */
  let generation = 0;

  changes.subscribe(() => {
    generation++;
    kept?.clear();
    reading.clear();
  });

  function answerOf(key: string, read: () => Promise<ReadAnswer>): Promise<CachedAnswer> {
    const hit = kept?.get(key);
    if (hit && (hit.keepUntil === Infinity || hit.keepUntil > Date.now()))
      return Promise.resolve(hit);
    const shared = reading.get(key);
    if (shared) return shared;
    const started = generation;
    const promise = read().then(({ text, keepUntil = Infinity }) => {
      const answer = new CachedAnswer(text, keepUntil);
      if (kept && started === generation && keepUntil > Date.now()) kept.set(key, answer);
      return answer;
    });
    reading.set(key, promise);
    const done = () => {
      if (reading.get(key) === promise) reading.delete(key);
    };
    promise.then(done, done);
    return promise;
  }

  /** The compressed form the client takes, made the first time and kept with the answer. */
  async function encodedOf(key: string, answer: CachedAnswer, encoding: Encoding) {
    let bytes = answer.encoded.get(encoding);
    if (bytes) return bytes;
    bytes = await compress(answer.body, encoding);
    answer.encoded.set(encoding, bytes);
    // Kept again, so its size counts the new form (unless a change dropped it meanwhile).
    if (kept?.peek(key) === answer) kept.set(key, answer);
    return bytes;
  }

  return {
    /**
     * The answer to `key` (the route and its validated request, which alone decide the answer),
     * from memory, or read by `read` and kept. The headers are those compression()
     * (web/compression.ts) gives a strong-ETagged JSON answer, so it passes this one through
     * untouched; etag() in app.ts answers an If-None-Match from the ETag alone. Sent as bytes,
     * which @hono/node-server writes in one call.
     */
    async json<T>(c: Context, key: string, read: () => Promise<ReadAnswer>) {
      const answer = await answerOf(key, read);
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'Cache-Control': PUBLIC_CACHE_CONTROL,
        ETag: answer.etag,
      };
      let body = answer.body;
      if (body.length >= MIN_BYTES) {
        headers.Vary = 'Accept-Encoding';
        const encoding = c.req.method === 'HEAD' ? null : acceptedEncoding(c);
        if (encoding) {
          body = await encodedOf(key, answer, encoding);
          headers['Content-Encoding'] = encoding;
          headers.ETag = `W/${answer.etag}`;
        }
      }
      headers['Content-Length'] = String(body.length);
      return c.body(body as Uint8Array<ArrayBuffer>, 200, headers) as unknown as JsonAnswer<T>;
    },
    /** How many answers are kept, and their bytes (for the tests). */
    get stats() {
      return { answers: kept?.size ?? 0, bytes: kept?.calculatedSize ?? 0 };
    },
  };
}

export type CatalogueAnswerCache = ReturnType<typeof catalogueAnswerCache>;

/** Browsers send one Accept-Encoding for all their requests: its reading is remembered. */
let lastAccepted: { header: string | undefined; encoding: Encoding | null } = {
  header: undefined,
  encoding: null,
};

function acceptedEncoding(c: Context): Encoding | null {
  const header = c.req.header('Accept-Encoding');
  if (header !== lastAccepted.header) lastAccepted = { header, encoding: chooseEncoding(header) };
  return lastAccepted.encoding;
}
