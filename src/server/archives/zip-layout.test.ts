import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { slicesOf, zipLayout, type LayoutEntry, type ZipLayout } from './zip-layout';

type Data = (entry: number, from: number, to: number) => Buffer;

/** Bytes `start`..`end` of the archive, entry data from `data`. */
function bytesOf(layout: ZipLayout, start: number, end: number, data: Data) {
  const parts: Buffer[] = [];
  for (const { segment, from, to } of slicesOf(layout, start, end)) {
    parts.push(
      'bytes' in segment ? segment.bytes.subarray(from, to + 1) : data(segment.entry, from, to),
    );
  }
  return Buffer.concat(parts);
}

/** Opens a (possibly huge, never materialised) archive with yauzl through ranged reads. */
function openVirtual(layout: ZipLayout, data: Data): Promise<yauzl.ZipFile> {
  class Reader extends yauzl.RandomAccessReader {
    override _readStreamForRange(start: number, end: number) {
      const stream = new PassThrough();
      stream.end(bytesOf(layout, start, end - 1, data));
      return stream;
    }
  }
  return new Promise((resolve, reject) =>
    yauzl.fromRandomAccessReader(
      new Reader(),
      layout.size,
      { lazyEntries: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );
}

async function entriesOf(zip: yauzl.ZipFile, read: (entry: yauzl.Entry) => boolean) {
  const found: { entry: yauzl.Entry; bytes: Buffer | null }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!read(entry)) {
        found.push({ entry, bytes: null });
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
        found.push({ entry, bytes: Buffer.concat(chunks) });
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return found;
}

const stamp = new Date('2026-11-27T10:30:12Z');

describe('zipLayout (stored entries, sizes and CRC-32s known up front)', () => {
  const files = [
    randomBytes(1000),
    Buffer.alloc(0),
    randomBytes(70_000),
    Buffer.from('A note with ünïcödé\r\n'),
  ];
  const entries: LayoutEntry[] = [
    { name: 'Drum Pack/Drums.zip', size: 1000, crc32: crc32(files[0]!) },
    { name: 'Empty/empty.txt', size: 0, crc32: 0 },
    { name: 'Synth Presets/Sérum bank.fxb', size: 70_000, crc32: crc32(files[2]!) },
    { name: 'NOT INCLUDED.txt', size: files[3]!.length, crc32: crc32(files[3]!) },
  ];
  const layout = zipLayout(entries, stamp);
  const data: Data = (i, from, to) => files[i]!.subarray(from, to + 1);
  const whole = bytesOf(layout, 0, layout.size - 1, data);

  it('lays out exactly `size` bytes that yauzl reads back entry by entry, names in UTF-8', async () => {
    expect(whole.length).toBe(layout.size);
    // Headers: 30 + name per local header, 46 + name per central one, 22 for the end record.
    const names = entries.reduce((n, e) => n + Buffer.byteLength(e.name), 0);
    const data = entries.reduce((n, e) => n + e.size, 0);
    expect(layout.size).toBe(entries.length * (30 + 46) + 2 * names + data + 22);
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(whole, { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
    );
    const read = await entriesOf(zip, () => true);
    expect(read.map((r) => r.entry.fileName)).toEqual(entries.map((e) => e.name));
    read.forEach(({ entry, bytes }, i) => {
      expect(entry.compressionMethod).toBe(0);
      expect(entry.crc32).toBe(entries[i]!.crc32);
      expect(bytes!.equals(files[i]!)).toBe(true);
      expect(entry.getLastModDate({ timezone: 'UTC' }).toISOString()).toBe(
        '2026-11-27T10:30:12.000Z',
      );
    });
  });

  it('serves any range as the same slice of the whole, reading only the entries it covers', () => {
    for (const [start, end] of [
      [0, 0],
      [0, 29],
      [10, 1500],
      [1100, 60_000],
      [layout.size - 22, layout.size - 1],
      [500, layout.size - 1],
    ] as const) {
      expect(bytesOf(layout, start, end, data).equals(whole.subarray(start, end + 1))).toBe(true);
    }
    const touched: number[] = [];
    bytesOf(layout, 2000, 3000, (i, from, to) => {
      touched.push(i);
      return data(i, from, to);
    });
    expect(touched).toEqual([2]);
  });

  it('the layout is the same every time (a resumed download gets the same bytes)', () => {
    const again = zipLayout(entries, stamp);
    expect(bytesOf(again, 0, again.size - 1, data).equals(whole)).toBe(true);
  });

  it('writes ZIP64 sizes and offsets past 4 GiB, and yauzl finds an entry after a 5 GiB one', async () => {
    const after = Buffer.from('after the big one');
    const big: LayoutEntry[] = [
      { name: 'Huge/huge.wav', size: 5 * 2 ** 30, crc32: 0 },
      { name: 'Small/after.txt', size: after.length, crc32: crc32(after) },
    ];
    const bigLayout = zipLayout(big, stamp);
    // The 5 GiB entry's data is never produced: only the ranges yauzl reads are.
    const read = await entriesOf(
      await openVirtual(bigLayout, (i, from, to) =>
        i === 1 ? after.subarray(from, to + 1) : Buffer.alloc(to - from + 1),
      ),
      (entry) => entry.fileName === 'Small/after.txt',
    );
    expect(read[0]!.entry.uncompressedSize).toBe(5 * 2 ** 30);
    expect(read[1]!.entry.relativeOffsetOfLocalHeader).toBeGreaterThan(5 * 2 ** 30);
    expect(read[1]!.bytes!.toString()).toBe('after the big one');
  });

  it('writes the ZIP64 end records for 70,000 entries', async () => {
    const many: LayoutEntry[] = Array.from({ length: 70_000 }, (_, i) => ({
      name: `f/${i}.txt`,
      size: 1,
      crc32: crc32(Buffer.from('x')),
    }));
    const manyLayout = zipLayout(many, stamp);
    const read = await entriesOf(
      await openVirtual(manyLayout, () => Buffer.from('x')),
      (entry) => entry.fileName === 'f/69999.txt',
    );
    expect(read).toHaveLength(70_000);
    expect(read[69_999]!.bytes!.toString()).toBe('x');
  });
});
