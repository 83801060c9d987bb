import { PRODUCT_FILE_UPLOADS_PATH } from '#shared/upload-limits';
import { TEST_PUBLIC_URL, type TestContext } from './test-app';

/** tus's Upload-Metadata: comma-separated `key base64(value)` pairs. */
export function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

type Body = Uint8Array | ReadableStream<Uint8Array> | undefined;

/** A tus client of the real app, as the browser's tus-js-client talks to it. */
export function tusClient(ctx: TestContext, cookie: string) {
  const send = async (path: string, method: string, headers: Record<string, string>, body?: Body) =>
    await ctx.app.request(path, {
      method,
      headers: { origin: TEST_PUBLIC_URL, cookie, 'tus-resumable': '1.0.0', ...headers },
      body,
      // A stream body is sent as it is read, never gathered first.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  return {
    /** POST: a new upload of `length` bytes; answers its URL (Location) with the response. */
    async create(length: number, metadata: Record<string, string> = { filename: 'pack.zip' }) {
      const response = await send(PRODUCT_FILE_UPLOADS_PATH, 'POST', {
        'upload-length': String(length),
        'upload-metadata': tusMetadata(metadata),
      });
      return { response, url: response.headers.get('location') ?? '' };
    },
    offset: async (url: string) => {
      const response = await send(url, 'HEAD', {});
      return { response, offset: Number(response.headers.get('upload-offset')) };
    },
    patch: (url: string, offset: number, body: Body) =>
      send(
        url,
        'PATCH',
        {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body,
      ),
    remove: (url: string) => send(url, 'DELETE', {}),
  };
}

/** A finished tus upload of `bytes` by a signed-in admin (its cookie): its id, as the editor attaches it. */
export async function finishedUpload(
  ctx: TestContext,
  cookie: string,
  bytes: Uint8Array,
  filename: string,
): Promise<string> {
  const tus = tusClient(ctx, cookie);
  const created = await tus.create(bytes.length, { filename, filetype: 'application/zip' });
  const patched = await tus.patch(created.url, 0, bytes);
  if (patched.status !== 200) throw new Error(`upload of ${filename} answered ${patched.status}`);
  return created.url.split('/').pop()!;
}

/** A multipart form with one `file`, posted as the admin's browser would. */
export function postFile(
  ctx: TestContext,
  cookie: string,
  path: string,
  file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const form = new FormData();
  form.append('file', new File([file.bytes], file.name, { type: file.type }));
  return ctx.app.request(path, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie },
    body: form,
  });
}
