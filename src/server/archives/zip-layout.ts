/**
 * The byte layout of a ZIP whose entries are STORED (no compression) and whose sizes and
 * CRC-32s are known up front: every local header, every entry's data, the central directory and
 * the end records sit at offsets computed before the first byte is sent. So the archive's exact
 * length is known (Content-Length) and any byte range can be served by reading only the
 * entries it touches (docs/decisions.md: why not yazl).
 *
 * ZIP64 records (APPNOTE 4.5.3, 4.3.14-16) are written where a size or offset reaches 4 GiB or
 * there are 65,535 entries or more; names are UTF-8 (general purpose flag bit 11).
 */

export interface LayoutEntry {
  /** The path inside the archive, `/`-separated. */
  name: string;
  size: number;
  /** Unsigned CRC-32 of the data. */
  crc32: number;
}

/** A run of the archive's bytes: header bytes held here, or a slice of an entry's data. */
export type Segment =
  | { start: number; length: number; bytes: Buffer }
  | { start: number; length: number; entry: number };

export interface ZipLayout {
  size: number;
  segments: Segment[];
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_NAMES = 0x0800;
const UNIX_FILE_MODE = 0o100644;

/** Date and time in MS-DOS form (2-second steps), in UTC so every request writes the same bytes. */
function dosDateTime(at: Date) {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** The ZIP64 extended-information extra field holding the given 8-byte values. */
function zip64Extra(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

function localHeader(entry: LayoutEntry, name: Buffer, stamp: { time: number; date: number }) {
  const big = entry.size >= MAX32;
  // A local header's ZIP64 field holds both sizes, or is absent (APPNOTE 4.5.3).
  const extra = big ? zip64Extra([entry.size, entry.size]) : Buffer.alloc(0);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(big ? 45 : 20, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  header.writeUInt32LE(entry.crc32 >>> 0, 14);
  header.writeUInt32LE(big ? MAX32 : entry.size, 18);
  header.writeUInt32LE(big ? MAX32 : entry.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralHeader(
  entry: LayoutEntry,
  name: Buffer,
  stamp: { time: number; date: number },
  offset: number,
) {
  const bigSize = entry.size >= MAX32;
  const bigOffset = offset >= MAX32;
  // Only the fields that overflow go in the ZIP64 field, in this order (APPNOTE 4.5.3).
  const extra = zip64Extra([
    ...(bigSize ? [entry.size, entry.size] : []),
    ...(bigOffset ? [offset] : []),
  ]);
  const needs = bigSize || bigOffset ? 45 : 20;
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  header.writeUInt16LE(needs, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc32 >>> 0, 16);
  header.writeUInt32LE(bigSize ? MAX32 : entry.size, 20);
  header.writeUInt32LE(bigSize ? MAX32 : entry.size, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  header.writeUInt16LE(0, 32); // comment
  header.writeUInt16LE(0, 34); // disk
  header.writeUInt16LE(0, 36); // internal attributes
  header.writeUInt32LE((UNIX_FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(bigOffset ? MAX32 : offset, 42);
  return Buffer.concat([header, name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number) {
  const zip64 = count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeUInt32LE(0, 16);
    record.writeUInt32LE(0, 20);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(cdSize), 40);
    record.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(0, 4);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/** Where every byte of the archive of `entries` (in this order) comes from. */
export function zipLayout(entries: LayoutEntry[], modifiedAt: Date): ZipLayout {
  const stamp = dosDateTime(modifiedAt);
  const segments: Segment[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (bytes: Buffer) => {
    if (bytes.length > 0) segments.push({ start: offset, length: bytes.length, bytes });
    offset += bytes.length;
  };
  entries.forEach((entry, index) => {
    const name = Buffer.from(entry.name, 'utf8');
    central.push(centralHeader(entry, name, stamp, offset));
    push(localHeader(entry, name, stamp));
    if (entry.size > 0) segments.push({ start: offset, length: entry.size, entry: index });
    offset += entry.size;
  });
  const cdOffset = offset;
  // The central directory is sent as one run of bytes (under 100 bytes an entry).
  push(Buffer.concat(central));
  push(endRecords(entries.length, cdOffset, offset - cdOffset));
  return { size: offset, segments };
}

/** A byte range [start, end] of the archive (inclusive, as HTTP counts), segment by segment. */
export function* slicesOf(layout: ZipLayout, start: number, end: number) {
  // Binary search for the first segment that reaches `start`: a range in the middle of a large
  // archive skips the earlier entries without looking at them.
  let low = 0;
  let high = layout.segments.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    const s = layout.segments[mid]!;
    if (s.start + s.length <= start) low = mid + 1;
    else high = mid;
  }
  for (let i = low; i < layout.segments.length; i++) {
    const segment = layout.segments[i]!;
    if (segment.start > end) return;
    const from = Math.max(start, segment.start) - segment.start;
    const to = Math.min(end, segment.start + segment.length - 1) - segment.start;
    if (to >= from) yield { segment, from, to };
  }
}
