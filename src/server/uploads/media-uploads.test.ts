import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { productUploads } from '#server/db/schema';
import { encodeWav } from '#server/demo/assets/wav';
import {
  IMAGE_UPLOADS_PATH,
  MAX_IMAGE_BYTES,
  PREVIEW_UPLOADS_PATH,
  uploadMessages,
} from '#shared/upload-limits';
import type { ImageUpload, PreviewUpload } from '#shared/uploads';
import { signedInBrowser } from '#tests/support/auth-client';
import type { TestContext } from '#tests/support/test-app';
import { it } from '#tests/support/fixtures';
import { postFile } from '#tests/support/upload-client';
import { widthsFor } from './image-uploads';
import { previewFormatOf } from './preview-uploads';

type ErrorBody = { error: { code: string; message: string } };

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

/** Every file and upload folder under the media folder (not the shared images/, previews/). */
async function mediaFiles(app: TestContext) {
  const entries = await readdir(app.dirs.mediaDir, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .map((entry) => join(entry.parentPath, entry.name).slice(app.dirs.mediaDir.length + 1))
    .filter((path) => path !== 'images' && path !== 'previews')
    .sort();
}

describe('image and preview uploads', () => {
  describe('images', () => {
    it('keeps the original and writes WebP copies at the widths the store shows', async ({
      app,
      db,
      admin,
    }) => {
      const original = await png(1000, 750);
      const response = await postFile(app, admin.cookieHeader(), IMAGE_UPLOADS_PATH, {
        name: 'cover.png',
        type: 'image/png',
        bytes: new Uint8Array(original),
      });
      expect(response.status).toBe(201);
      const { image } = (await response.json()) as { image: ImageUpload };
      expect(image).toMatchObject({
        kind: 'image',
        fileName: 'cover.png',
        contentType: 'image/png',
        size: original.length,
        width: 1000,
        height: 750,
        originalUrl: `/media/images/${image.id}/original.png`,
        url: `/media/images/${image.id}/800.webp`,
      });
      expect(image.variants.map((v) => v.width)).toEqual([160, 320, 800, 1000]);

      for (const variant of image.variants) {
        const served = await app.request(variant.url);
        expect(served.status).toBe(200);
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      }
      const kept = await app.request(image.originalUrl);
      expect(Buffer.from(await kept.arrayBuffer()).equals(original)).toBe(true);
      const [row] = await db.select().from(productUploads).where(eq(productUploads.id, image.id));
      expect(row?.variants).toEqual(
        Object.fromEntries(image.variants.map((v) => [String(v.width), v.url])),
      );
    });

    it('never enlarges a small image', () => {
      expect(widthsFor(100)).toEqual([100]);
      expect(widthsFor(320)).toEqual([160, 320]);
      expect(widthsFor(4000)).toEqual([160, 320, 800, 1600]);
    });

    it.for<[string, string, Buffer, number, string]>([
      [
        'a text file named .png',
        'notes.png',
        Buffer.from('just some words, not pixels'),
        400,
        uploadMessages.notAnImage,
      ],
      ['an empty file', 'empty.png', Buffer.alloc(0), 400, uploadMessages.empty],
      [
        'an SVG (it could carry a script)',
        'logo.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        400,
        uploadMessages.notAnImage,
      ],
    ])(
      'refuses %s and leaves nothing on disk',
      async ([, name, bytes, status, message], { app, admin }) => {
        const before = await mediaFiles(app);
        const response = await postFile(app, admin.cookieHeader(), IMAGE_UPLOADS_PATH, {
          name,
          type: 'image/png',
          bytes: new Uint8Array(bytes),
        });
        expect(response.status).toBe(status);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
        });
        expect(await mediaFiles(app)).toEqual(before);
      },
    );

    it('refuses an image whose header reads but whose pixels are cut off, and removes its folder', async ({
      app,
      admin,
    }) => {
      const whole = await sharp({
        create: {
          width: 900,
          height: 900,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .png()
        .toBuffer();
      const before = await mediaFiles(app);
      const response = await postFile(app, admin.cookieHeader(), IMAGE_UPLOADS_PATH, {
        name: 'cut.png',
        type: 'image/png',
        bytes: new Uint8Array(whole.subarray(0, whole.length / 2)),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe(uploadMessages.notAnImage);
      expect(await mediaFiles(app)).toEqual(before);
    });

    it('refuses an image over the limit with 413', async ({ app, admin }) => {
      const before = await mediaFiles(app);
      const response = await postFile(app, admin.cookieHeader(), IMAGE_UPLOADS_PATH, {
        name: 'huge.png',
        type: 'image/png',
        bytes: new Uint8Array(MAX_IMAGE_BYTES + 1),
      });
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: uploadMessages.imageTooLarge,
      });
      expect(await mediaFiles(app)).toEqual(before);
    });

    it('refuses a form without a file', async ({ app, admin }) => {
      const response = await app.request(IMAGE_UPLOADS_PATH, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader(), origin: 'http://store.test' },
        body: new FormData(),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.message).toBe(uploadMessages.noFile);
    });
  });

  describe('audio previews', () => {
    it('takes a WAV by its content, stores its duration and serves it', async ({
      app,
      db,
      admin,
    }) => {
      const wav = encodeWav(new Float32Array(22050 * 3).map((_, i) => Math.sin(i / 8) * 0.5));
      // The name says MP3; the content is WAV, and WAV is what is kept.
      const response = await postFile(app, admin.cookieHeader(), PREVIEW_UPLOADS_PATH, {
        name: 'loop.mp3',
        type: 'audio/mpeg',
        bytes: new Uint8Array(wav),
      });
      expect(response.status).toBe(201);
      const { preview } = (await response.json()) as { preview: PreviewUpload };
      expect(preview).toMatchObject({
        kind: 'preview',
        format: 'WAV',
        contentType: 'audio/wav',
        durationSeconds: 3,
        size: wav.length,
        url: `/media/previews/${preview.id}.wav`,
      });
      const served = await app.request(preview.url);
      expect(served.headers.get('content-type')).toBe('audio/wav');
      expect(Buffer.from(await served.arrayBuffer()).equals(wav)).toBe(true);
      const [row] = await db.select().from(productUploads).where(eq(productUploads.id, preview.id));
      expect(row?.durationSeconds).toBe(3);
      expect(await readFile(join(app.dirs.mediaDir, 'previews', `${preview.id}.wav`))).toEqual(wav);
    });

    it.for<[string, string, Buffer, string]>([
      [
        'a text file named .mp3',
        'demo.mp3',
        Buffer.from('ID3? no: these are words'),
        uploadMessages.notAudio,
      ],
      ['an empty file', 'demo.wav', Buffer.alloc(0), uploadMessages.empty],
      [
        'an image named .wav',
        'demo.wav',
        Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
        uploadMessages.notAudio,
      ],
      [
        'a WAV header without sound',
        'silence.wav',
        encodeWav(new Float32Array(0)),
        uploadMessages.noDuration,
      ],
    ])(
      'refuses %s and leaves nothing on disk',
      async ([, name, bytes, message], { app, admin }) => {
        const before = await mediaFiles(app);
        const response = await postFile(app, admin.cookieHeader(), PREVIEW_UPLOADS_PATH, {
          name,
          type: 'audio/mpeg',
          bytes: new Uint8Array(bytes),
        });
        expect(response.status).toBe(400);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message,
        });
        expect(await mediaFiles(app)).toEqual(before);
      },
    );
  });

  // music-metadata's names for what it found; only these four play as previews.
  it.each([
    [{ container: 'WAVE', codec: 'PCM' }, 'WAV'],
    [{ container: 'MPEG', codec: 'MPEG 1 Layer 3' }, 'MP3'],
    [{ container: 'MPEG', codec: 'MPEG 2 Layer 2' }, null],
    [{ container: 'FLAC', codec: 'FLAC' }, 'FLAC'],
    [{ container: 'Ogg', codec: 'Vorbis I' }, 'OGG'],
    [{ container: 'Ogg', codec: 'Opus' }, 'OGG'],
    [{ container: 'M4A/mp42', codec: 'MPEG-4/AAC' }, null],
    [{ container: 'AIFF', codec: 'PCM' }, null],
  ])('audio found as %o is the preview format %s', (format, expected) => {
    expect(
      previewFormatOf({ ...format, trackInfo: [], tagTypes: [], hasAudio: true, hasVideo: false }),
    ).toBe(expected);
  });

  it('is for admins only', async ({ app }) => {
    const bytes = new Uint8Array(await png(10, 10));
    const file = { name: 'a.png', type: 'image/png', bytes };
    expect((await postFile(app, '', IMAGE_UPLOADS_PATH, file)).status).toBe(401);
    const customer = (await signedInBrowser(app, 'customer@example.com')).browser.cookieHeader();
    expect((await postFile(app, customer, IMAGE_UPLOADS_PATH, file)).status).toBe(403);
    expect((await postFile(app, customer, PREVIEW_UPLOADS_PATH, file)).status).toBe(403);
  });
});
