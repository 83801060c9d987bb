import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { productUploads } from '#server/db/schema';
import { MAX_PRODUCT_FILE_BYTES, uploadMessages } from '#shared/upload-limits';
import { signedInAdmin, signedInBrowser } from '#tests/support/auth-client';
import { createProduct } from '#tests/support/factories';
import type { TestContext } from '#tests/support/test-app';
import { test } from '#tests/support/fixtures';
import { tusClient } from '#tests/support/upload-client';
import { createUploadStore, UPLOAD_KEY_PREFIX } from './upload-store';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A body that sends `bytes` in 64 KB chunks and, when `cutAt` is given, fails there. */
function bodyOf(bytes: Uint8Array, cutAt?: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (cutAt !== undefined && sent >= cutAt) {
        controller.error(new Error('connection cut'));
        return;
      }
      const end = Math.min(sent + 64 * 1024, cutAt ?? bytes.length, bytes.length);
      controller.enqueue(bytes.slice(sent, end));
      sent = end;
      if (sent === bytes.length) controller.close();
    },
  });
}

/** The store's fixtures and a tus client of the signed-in admin. */
const it = test.extend('tus', ({ app, admin }) => tusClient(app, admin.cookieHeader()));

describe('product file uploads (tus)', () => {
  const storedFiles = (app: TestContext) =>
    readdir(join(app.dirs.filesDir, UPLOAD_KEY_PREFIX)).catch(() => [] as string[]);

  it('stores a file sent in one PATCH and records its size and SHA-256', async ({
    app,
    db,
    tus,
  }) => {
    const source = randomBytes(300_000);
    const created = await tus.create(source.length, {
      filename: 'Deep House Drums.zip',
      filetype: 'application/zip',
    });
    expect(created.response.status).toBe(201);
    expect(created.url).toMatch(/^\/api\/admin\/uploads\/files\/[0-9a-f-]{36}$/);
    const id = created.url.split('/').pop()!;

    const done = await tus.patch(created.url, 0, source);
    expect(done.status).toBe(200);
    expect(done.headers.get('upload-offset')).toBe(String(source.length));
    const { upload } = (await done.json()) as { upload: Record<string, unknown> };
    expect(upload).toMatchObject({
      id,
      kind: 'file',
      fileName: 'Deep House Drums.zip',
      contentType: 'application/zip',
      size: source.length,
      sha256: sha256(source),
    });

    const stored = await readFile(join(app.dirs.filesDir, UPLOAD_KEY_PREFIX, id));
    expect(stored.equals(source)).toBe(true);
    const [row] = await db.select().from(productUploads).where(eq(productUploads.id, id));
    expect(row).toMatchObject({ storageKey: `${UPLOAD_KEY_PREFIX}${id}`, size: source.length });

    const record = await app.request(created.url, {
      headers: { cookie: await adminCookie(app) },
    });
    expect(record.status).toBe(200);
    expect(await record.json()).toEqual({ upload });
  });

  it('resumes a cut upload at the offset HEAD reports, and stores the same bytes', async ({
    app,
    tus,
  }) => {
    const source = randomBytes(2 * 1024 * 1024 + 123);
    const half = Math.floor(source.length / 2);
    const { url } = await tus.create(source.length);

    // The connection drops halfway through the body.
    await tus.patch(url, 0, bodyOf(source, half)).catch(() => null);
    const head = await tus.offset(url);
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('upload-length')).toBe(String(source.length));
    expect(head.offset).toBeGreaterThan(0);
    expect(head.offset).toBeLessThanOrEqual(half);

    // A PATCH from the wrong offset changes nothing.
    const wrong = await tus.patch(url, 0, source.subarray(0, 10));
    expect(wrong.status).toBe(409);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');

    const rest = await tus.patch(url, head.offset, bodyOf(source.subarray(head.offset)));
    expect(rest.status).toBe(200);
    const { upload } = (await rest.json()) as { upload: { id: string; sha256: string } };
    expect(upload.sha256).toBe(sha256(source));
    const stored = await readFile(join(app.dirs.filesDir, UPLOAD_KEY_PREFIX, upload.id));
    expect(stored.equals(source)).toBe(true);
  });

  it('refuses an empty file with a clear message and keeps nothing of it', async ({ app, tus }) => {
    const before = await storedFiles(app);
    const { response } = await tus.create(0, { filename: 'empty.zip' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: uploadMessages.empty },
    });
    expect(await storedFiles(app)).toEqual(before);
  });

  it('refuses a file over the size limit before any byte is sent', async ({ app, tus }) => {
    const before = await storedFiles(app);
    const { response } = await tus.create(MAX_PRODUCT_FILE_BYTES + 1);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: uploadMessages.fileTooLarge },
    });
    expect(await storedFiles(app)).toEqual(before);
  });

  it('refuses more bytes than the upload declared', async ({ tus }) => {
    const { url } = await tus.create(10);
    const response = await tus.patch(url, 0, randomBytes(11));
    expect(response.status).toBe(413);
    expect((await tus.offset(url)).offset).toBe(0);
  });

  it('asks for a file name', async ({ tus }) => {
    const { response } = await tus.create(10, { filetype: 'application/zip' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      uploadMessages.noFileName,
    );
  });

  it('answers 404 for an upload that does not exist, and 409 for the record of an unfinished one', async ({
    app,
    tus,
  }) => {
    const cookie = await adminCookie(app);
    const missing = await app.request(
      '/api/admin/uploads/files/00000000-0000-4000-8000-000000000000',
      { headers: { cookie } },
    );
    expect(missing.status).toBe(404);
    const { url } = await tus.create(10);
    const unfinished = await app.request(url, { headers: { cookie } });
    expect(unfinished.status).toBe(409);
    expect(((await unfinished.json()) as { error: { message: string } }).error.message).toBe(
      uploadMessages.unfinished,
    );
  });

  it('drops an unfinished upload on DELETE, but never a finished one', async ({ tus }) => {
    const unfinished = await tus.create(10);
    await tus.patch(unfinished.url, 0, randomBytes(4));
    expect((await tus.remove(unfinished.url)).status).toBe(204);
    expect((await tus.offset(unfinished.url)).response.status).toBe(404);

    const finished = await tus.create(4);
    await tus.patch(finished.url, 0, randomBytes(4));
    expect((await tus.remove(finished.url)).status).toBe(400);
    expect((await tus.offset(finished.url)).offset).toBe(4);
  });

  it('purges unfinished uploads older than a day and keeps finished ones', async ({ app, tus }) => {
    const stale = await tus.create(10);
    await tus.patch(stale.url, 0, randomBytes(4));
    const old = await tus.create(4);
    await tus.patch(old.url, 0, randomBytes(4));
    const fresh = await tus.create(10);
    const idOf = (url: string) => url.split('/').pop()!;
    // Both uploads were started two days ago.
    for (const url of [stale.url, old.url]) {
      const info = join(app.dirs.filesDir, UPLOAD_KEY_PREFIX, `${idOf(url)}.json`);
      const upload = JSON.parse(await readFile(info, 'utf8')) as { creation_date: string };
      upload.creation_date = new Date(Date.now() - 2 * 86_400_000).toISOString();
      await writeFile(info, JSON.stringify(upload));
    }

    const store = createUploadStore({ s3: null, filesDir: app.dirs.filesDir });
    expect(await store.purgeExpired()).toBe(1);
    const left = await storedFiles(app);
    expect(left).not.toContain(idOf(stale.url));
    expect(left).not.toContain(`${idOf(stale.url)}.json`);
    expect(left).toContain(idOf(old.url));
    expect(left).toContain(idOf(fresh.url));
  });

  it('lets a product hold a pack over 2 GB: its size reads back whole', async ({ app, db }) => {
    const fiveGb = 5 * 1024 * 1024 * 1024;
    const product = await createProduct(db, { fileSize: fiveGb });
    const response = await app.request(`/api/products/${product.id}`);
    expect(((await response.json()) as { data: { fileSize: number } }).data.fileSize).toBe(fiveGb);
  });

  it('bounds any body that is not tus’s own, before anything reads it', async ({ app }) => {
    const response = await app.request('/api/admin/uploads/files', {
      method: 'POST',
      headers: { origin: 'http://store.test', 'tus-resumable': '1.0.0' },
      body: new Uint8Array(1024 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it('is for admins only: 401 without a session, 403 for a customer', async ({ app }) => {
    const anonymous = tusClient(app, '');
    expect((await anonymous.create(10)).response.status).toBe(401);
    const { browser } = await signedInBrowser(app, 'customer@example.com');
    const customer = tusClient(app, browser.cookieHeader());
    const refused = await customer.create(10);
    expect(refused.response.status).toBe(403);
  });
});

/** A fresh admin session's cookie, for plain GETs outside the tus client. */
async function adminCookie(app: TestContext) {
  const { browser } = await signedInAdmin(
    app,
    `admin-${randomBytes(4).toString('hex')}@example.com`,
  );
  return browser.cookieHeader();
}
