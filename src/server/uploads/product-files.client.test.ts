import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_FILE_UPLOADS_PATH } from '#shared/upload-limits';
import { createTestContext, type TestContext } from '#tests/support/test-app';
import { signedInAdmin } from '#tests/support/auth-client';
import { UPLOAD_KEY_PREFIX } from './upload-store';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * tus-js-client (the admin page's uploader, in its Node build) against the store listening on a
 * real socket: the connection is dropped halfway and the upload resumes from the server's offset.
 */
describe('tus-js-client against the listening store', () => {
  let ctx: TestContext;
  let server: Server;
  let origin: string;
  /** Bytes a connection may carry before it is dropped; null: never. */
  let dropAfter: number | null = null;
  beforeAll(async () => {
    ctx = await createTestContext();
    server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    server.on('connection', (socket) => {
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (dropAfter !== null && received > dropAfter) {
          dropAfter = null;
          socket.destroy();
        }
      });
    });
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  it('resumes after the connection drops and stores the same bytes', async () => {
    const { browser } = await signedInAdmin(ctx, 'owner@example.com');
    const headers = { cookie: browser.cookieHeader(), origin };
    const source = randomBytes(8 * 1024 * 1024 + 77);
    const options = {
      endpoint: `${origin}${PRODUCT_FILE_UPLOADS_PATH}`,
      metadata: { filename: 'Lo-fi Keys.zip', filetype: 'application/zip' },
      headers,
      retryDelays: [],
    };

    // First attempt: one PATCH of the whole file, its connection dropped by the server's side
    // a third of the way in.
    dropAfter = source.length / 3;
    const first = new Upload(source, options);
    const failure = await new Promise<Error>((resolve, reject) => {
      first.options.onError = resolve;
      first.options.onSuccess = () => reject(new Error('finished before the cut'));
      first.start();
    });
    expect(failure.message).toMatch(/socket|ECONNRESET|hang up|EPIPE/i);
    const url = first.url!;

    // The server kept what arrived.
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { ...headers, 'tus-resumable': '1.0.0' },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(source.length);

    // Second attempt at the same URL: asks the offset and sends only the rest.
    const sentFrom: number[] = [];
    const body = await new Promise<string>((resolve, reject) => {
      const second = new Upload(source, {
        ...options,
        uploadUrl: url,
        onProgress: (sent) => sentFrom.push(sent),
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody() ?? ''),
        onError: reject,
      });
      second.start();
    });
    expect(sentFrom[0]).toBeGreaterThanOrEqual(offset);
    const { upload } = JSON.parse(body) as { upload: { id: string; sha256: string; size: number } };
    expect(upload).toMatchObject({ sha256: sha256(source), size: source.length });
    const stored = await readFile(join(ctx.dirs.filesDir, UPLOAD_KEY_PREFIX, upload.id));
    expect(stored.equals(source)).toBe(true);
  });
});
