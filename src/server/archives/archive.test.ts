import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, vi } from 'vitest';
import { downloadArchives, downloads, orderItems, productFiles, products } from '#server/db/schema';
import { guestOrderToken } from '#server/orders/guest-access';
import { orderNumber } from '#shared/checkout';
import { TestBrowser } from '#tests/support/auth-client';
import {
  completedOrder,
  fetchArchive,
  productWithFile,
  productWithFormats,
  unzip,
  type PutFile,
} from '#tests/support/archives';
import { describe, expect, it } from '#tests/support/fixtures';
import { putProductFile } from '#tests/support/product-files';
import { TEST_SIGNING_KEYS, type TestContext } from '#tests/support/test-app';

afterEach(() => vi.useRealTimers());

const putLocal =
  (app: TestContext): PutFile =>
  (key, bytes) =>
    putProductFile(app, key, bytes);
const stored = (app: TestContext, key: string) => readFile(join(app.dirs.filesDir, key));

interface Link {
  url: string;
  fileName: string;
  files: number;
  totalBytes: number;
  skipped: number;
}

describe('POST /api/orders/:id/archive, then GET its link', () => {
  it('zips every line: each line once spent, entries byte for byte the stored files, exact length', async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const drums = await productWithFile(db, put, 'Drum Pack', randomBytes(300_000));
    const synth = await productWithFormats(db, put, 'Synth Presets', [
      { label: 'WAV', fileName: 'Synth WAV.zip', bytes: randomBytes(200_000) },
      { label: 'MIDI', fileName: 'Synth MIDI.zip', bytes: randomBytes(5_000) },
    ]);
    const { order, lines } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [drums, synth],
    );
    const res = await customer.request(`/api/orders/${order.id}/archive`, { body: {} });
    expect(res.status).toBe(200);
    const link = res.body as unknown as Link;
    expect(link).toMatchObject({
      fileName: `loopmarket-order-${orderNumber(order.id)}.zip`,
      files: 3,
      skipped: 0,
    });

    const { response, body } = await fetchArchive(app, link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${link.fileName}"`,
    );
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBe(link.totalBytes);

    const entries = await unzip(body);
    const files = await db.select().from(productFiles).where(eq(productFiles.productId, synth.id));
    expect([...entries.keys()]).toEqual([
      'Drum Pack/Drum Pack.zip',
      'Synth Presets/Synth WAV.zip',
      'Synth Presets/Synth MIDI.zip',
    ]);
    expect(entries.get('Drum Pack/Drum Pack.zip')).toEqual(await stored(app, drums.fileKey!));
    for (const file of files) {
      const bytes = await stored(app, file.fileKey);
      expect(entries.get(`Synth Presets/${file.fileName}`)).toEqual(bytes);
      // The CRC-32 unknown at upload was computed once and kept.
      expect(file.crc32).toBe(crc32(bytes) >>> 0);
    }

    // One download spent per line (not per file), logged against the archive.
    const after = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(after.map((l) => l.downloadsRemaining)).toEqual([2, 2]);
    const [archive] = await db.select().from(downloadArchives);
    const logged = await db
      .select()
      .from(downloads)
      .where(
        inArray(
          downloads.orderItemId,
          lines.map((l) => l.id),
        ),
      );
    expect(logged).toHaveLength(2);
    expect(logged.every((d) => d.archiveId === archive!.id)).toBe(true);
  });

  it('honours byte ranges: a resumed range is the same slice of the whole; a bad range is 416', async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const a = await productWithFile(db, put, 'Pads', randomBytes(150_000));
    const b = await productWithFile(db, put, 'Bass', randomBytes(90_000));
    const { order } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [a, b],
    );
    const link = (await customer.request(`/api/orders/${order.id}/archive`, { body: {} }))
      .body as unknown as Link;
    const whole = (await fetchArchive(app, link.url)).body;

    // A download cut at 100,000 bytes resumes from there, into the second file.
    for (const [range, start, end] of [
      ['bytes=100000-', 100_000, whole.length - 1],
      ['bytes=160000-170000', 160_000, 170_000],
      ['bytes=-500', whole.length - 500, whole.length - 1],
    ] as const) {
      const part = await fetchArchive(app, link.url, { range });
      expect(part.response.status).toBe(206);
      expect(part.response.headers.get('content-range')).toBe(
        `bytes ${start}-${end}/${whole.length}`,
      );
      expect(Number(part.response.headers.get('content-length'))).toBe(end - start + 1);
      expect(part.body.equals(whole.subarray(start, end + 1))).toBe(true);
    }
    const bad = await fetchArchive(app, link.url, { range: `bytes=${whole.length}-` });
    expect(bad.response.status).toBe(416);
    expect(bad.response.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    // If-Range naming another archive: the whole archive, not a slice of this one.
    const other = await fetchArchive(app, link.url, { range: 'bytes=10-', 'if-range': '"x"' });
    expect(other.response.status).toBe(200);
    expect(other.body.equals(whole)).toBe(true);
  });

  it('refuses a forged or expired link, and another buyer’s order', async ({
    app,
    db,
    customer,
  }) => {
    const product = await productWithFile(db, putLocal(app), 'Keys', randomBytes(1000));
    const { order } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [product],
    );
    const link = (await customer.request(`/api/orders/${order.id}/archive`, { body: {} }))
      .body as unknown as Link;
    const forged = link.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await fetchArchive(app, forged);
    expect(refused.response.status).toBe(403);
    expect(JSON.parse(refused.body.toString())).toEqual({
      error: { code: 'FORBIDDEN', message: 'This download link is invalid or has expired' },
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60 * 1000);
    expect((await fetchArchive(app, link.url)).response.status).toBe(403);
    vi.useRealTimers();

    const stranger = new TestBrowser(app);
    const anonymous = await stranger.request(`/api/orders/${order.id}/archive`, { body: {} });
    expect(anonymous.status).toBe(401);
    const { browser: other } = await import('#tests/support/auth-client').then((m) =>
      m.signedInBrowser(app, 'someone-else@example.com'),
    );
    const theirs = await other.request(`/api/orders/${order.id}/archive`, { body: {} });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Order not found' } });
  });

  it('leaves out a line with no downloads left (listed in the note) and a refunded line, spending neither', async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const used = await productWithFile(db, put, 'Used Up', randomBytes(100));
    const refunded = await productWithFile(db, put, 'Refunded', randomBytes(100));
    const fresh = await productWithFile(db, put, 'Fresh', randomBytes(100));
    const { order, lines } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [used, refunded, fresh],
    );
    await db
      .update(orderItems)
      .set({ downloadsRemaining: 0 })
      .where(eq(orderItems.id, lines[0]!.id));
    await db
      .update(orderItems)
      .set({ refundedAt: new Date(), downloadsRemaining: 0 })
      .where(eq(orderItems.id, lines[1]!.id));
    const link = (await customer.request(`/api/orders/${order.id}/archive`, { body: {} }))
      .body as unknown as Link;
    expect(link).toMatchObject({ files: 1, skipped: 1 });
    const entries = await unzip((await fetchArchive(app, link.url)).body);
    expect([...entries.keys()]).toEqual(['Fresh/Fresh.zip', 'NOT INCLUDED.txt']);
    expect(entries.get('NOT INCLUDED.txt')!.toString()).toBe(
      'These items are not in this archive:\r\n\r\n- Used Up: no downloads left\r\n',
    );
    const after = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(after.map((l) => l.downloadsRemaining)).toEqual([0, 0, 2]);

    // Nothing left at all: a clear refusal, nothing spent.
    await db
      .update(orderItems)
      .set({ downloadsRemaining: 0 })
      .where(eq(orderItems.id, lines[2]!.id));
    const none = await customer.request(`/api/orders/${order.id}/archive`, { body: {} });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: {
        code: 'NO_DOWNLOADS_REMAINING',
        message: 'There is nothing left to download in this order',
      },
    });
  });

  it("a guest's archive through the receipt's link", async ({ app, db }) => {
    const product = await productWithFile(db, putLocal(app), 'Guest Pack', randomBytes(4000));
    const { order } = await completedOrder(db, { userId: null, email: 'guest@example.com' }, [
      product,
    ]);
    const guest = new TestBrowser(app);
    const token = guestOrderToken(TEST_SIGNING_KEYS, order.id);
    const res = await guest.request(`/api/guest-orders/${token}/archive`, { body: {} });
    expect(res.status).toBe(200);
    const entries = await unzip((await fetchArchive(app, (res.body as unknown as Link).url)).body);
    expect(entries.get('Guest Pack/Guest Pack.zip')).toEqual(await stored(app, product.fileKey!));
    const forged = await guest.request(`/api/guest-orders/${token}x/archive`, { body: {} });
    expect(forged.status).toBe(403);
  });
});

describe('POST /api/downloads/archive (everything the buyer owns)', () => {
  it('zips each owned product once, from any order, optionally one format only', async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const buyer = { userId: customer.user.id, email: customer.user.email };
    const loops = await productWithFile(db, put, 'Loops', randomBytes(2000));
    const keys = await productWithFormats(db, put, 'Keys', [
      { label: 'WAV', fileName: 'Keys WAV.zip', bytes: randomBytes(3000) },
      { label: 'MIDI', fileName: 'Keys MIDI.zip', bytes: randomBytes(300) },
    ]);
    await completedOrder(db, buyer, [loops]);
    await completedOrder(db, buyer, [keys, loops]);

    const all = await customer.request('/api/downloads/archive', { body: {} });
    expect(all.status).toBe(200);
    const entries = await unzip((await fetchArchive(app, (all.body as unknown as Link).url)).body);
    expect([...entries.keys()]).toEqual([
      'Keys/Keys WAV.zip',
      'Keys/Keys MIDI.zip',
      'Loops/Loops.zip',
    ]);

    const midi = await customer.request('/api/downloads/archive', { body: { format: 'midi' } });
    expect((midi.body as unknown as Link).fileName).toMatch(
      /^loopmarket-downloads-\d{4}-\d\d-\d\d-midi\.zip$/,
    );
    const midiEntries = await unzip(
      (await fetchArchive(app, (midi.body as unknown as Link).url)).body,
    );
    expect([...midiEntries.keys()]).toEqual(['Keys/Keys MIDI.zip', 'NOT INCLUDED.txt']);
    expect(midiEntries.get('NOT INCLUDED.txt')!.toString()).toContain('- Loops: no midi file');

    // Loops was owned twice: each archive spent one download of its first line with some left.
    const lines = await db.select().from(orderItems).where(eq(orderItems.productId, loops.id));
    expect(lines.map((l) => l.downloadsRemaining).sort()).toEqual([2, 3]);
  });
});

describe('racing "download everything" against single downloads', () => {
  it('never takes an allowance below zero, and spends a line all or nothing', async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const one = await productWithFile(db, put, 'Race One', randomBytes(500), 2);
    const two = await productWithFormats(
      db,
      put,
      'Race Two',
      [
        { label: 'WAV', fileName: 'Two WAV.zip', bytes: randomBytes(700) },
        { label: 'MIDI', fileName: 'Two MIDI.zip', bytes: randomBytes(70) },
      ],
      3,
    );
    const { order, lines } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [one, two],
    );
    const archives = Array.from({ length: 4 }, () =>
      customer.request(`/api/orders/${order.id}/archive`, { body: {} }),
    );
    const singles = lines.flatMap((line) =>
      Array.from({ length: 3 }, () =>
        customer.request('/api/downloads', {
          body: { orderItemId: line.id, platform: 'any' },
        }),
      ),
    );
    const [archived, single] = await Promise.all([Promise.all(archives), Promise.all(singles)]);

    const after = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const line of after) {
      expect(line.downloadsRemaining).toBeGreaterThanOrEqual(0);
      const spent = await db.select().from(downloads).where(eq(downloads.orderItemId, line.id));
      const limit = line.productId === one.id ? 2 : 3;
      expect(spent).toHaveLength(limit - line.downloadsRemaining);
    }
    // Every allowance is used up, by one kind of download or the other.
    expect(after.map((l) => l.downloadsRemaining)).toEqual([0, 0]);
    const ok = archived.filter((r) => r.status === 200).map((r) => r.body as unknown as Link);
    const spentSingles = single.filter((r) => r.status === 200).length;
    const logged = await db
      .select()
      .from(downloads)
      .where(
        inArray(
          downloads.orderItemId,
          lines.map((l) => l.id),
        ),
      );
    expect(logged.filter((d) => d.archiveId === null)).toHaveLength(spentSingles);
    for (const link of ok) {
      const entries = await unzip((await fetchArchive(app, link.url)).body);
      // All or nothing: a line is in the archive with all its files, or only named in the note.
      const names = [...entries.keys()];
      const hasOne = names.includes('Race One/Race One.zip');
      const twoFiles = names.filter((n) => n.startsWith('Race Two/')).length;
      expect([0, 2]).toContain(twoFiles);
      const note = entries.get('NOT INCLUDED.txt')?.toString() ?? '';
      expect(hasOne).toBe(!note.includes('Race One: no downloads left'));
      expect(twoFiles === 2).toBe(!note.includes('Race Two: no downloads left'));
    }
    // Each download an archive logged is a line it holds.
    const inArchives = (
      await Promise.all(ok.map(async (link) => unzip((await fetchArchive(app, link.url)).body)))
    ).reduce(
      (n, entries) =>
        n +
        Number(entries.has('Race One/Race One.zip')) +
        Number(entries.has('Race Two/Two WAV.zip')),
      0,
    );
    expect(logged.filter((d) => d.archiveId !== null)).toHaveLength(inArchives);
  });
});

describe('"download everything" of a product sold "unlimited for account holders"', () => {
  it("spends nothing for the signed-in owner, even at zero, while a guest's link still counts", async ({
    app,
    db,
    customer,
  }) => {
    const put = putLocal(app);
    const free = await productWithFile(db, put, 'Free Again', randomBytes(300));
    await db.update(products).set({ unlimitedForAccounts: true }).where(eq(products.id, free.id));
    const { order, lines } = await completedOrder(
      db,
      { userId: customer.user.id, email: customer.user.email },
      [free],
    );
    await db
      .update(orderItems)
      .set({ downloadsRemaining: 0 })
      .where(eq(orderItems.id, lines[0]!.id));
    for (const path of [`/api/orders/${order.id}/archive`, '/api/downloads/archive']) {
      const res = await customer.request(path, { body: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ files: 1, skipped: 0 });
    }
    const [line] = await db.select().from(orderItems).where(eq(orderItems.id, lines[0]!.id));
    expect(line!.downloadsRemaining).toBe(0);
    expect(
      await db.select().from(downloads).where(eq(downloads.orderItemId, lines[0]!.id)),
    ).toHaveLength(2);

    // A guest's order of the same product: its receipt link spends, and stops at zero.
    const guestOrder = await completedOrder(db, { userId: null, email: 'g@example.com' }, [free]);
    await db
      .update(orderItems)
      .set({ downloadsRemaining: 1 })
      .where(eq(orderItems.id, guestOrder.lines[0]!.id));
    const token = guestOrderToken(TEST_SIGNING_KEYS, guestOrder.order.id);
    const guest = new TestBrowser(app);
    expect((await guest.request(`/api/guest-orders/${token}/archive`, { body: {} })).status).toBe(
      200,
    );
    const none = await guest.request(`/api/guest-orders/${token}/archive`, { body: {} });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: { code: 'NO_DOWNLOADS_REMAINING' } });
  });
});
