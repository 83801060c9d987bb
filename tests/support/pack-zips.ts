import { Readable } from 'node:stream';
import MidiWriter from 'midi-writer-js';
import yazl from 'yazl';

/**
 * Pack ZIPs made in the test: WAVs (with ACID and smpl chunks when asked), MIDI files, and the
 * ZIPs holding them, stored or deflated. Used by the extraction tests, the journey and the bench.
 */

export interface WavOptions {
  seconds: number;
  rate?: number;
  /** A 441 Hz sine at this level; 0 is silence. */
  amplitude?: number;
  acid?: { bpm: number; oneShot?: boolean; rootNote?: number };
  smplRootNote?: number;
}

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
}

/** The RIFF header and every chunk before the data's samples. */
export function wavHeader(options: WavOptions, dataBytes: number): Buffer {
  const rate = options.rate ?? 44100;
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const chunks = [chunk('fmt ', fmt)];
  if (options.acid) {
    const acid = Buffer.alloc(24);
    acid.writeUInt32LE((options.acid.oneShot ? 1 : 0) | (options.acid.rootNote ? 2 : 0), 0);
    acid.writeUInt16LE(options.acid.rootNote ?? 0, 4);
    acid.writeUInt32LE(8, 12);
    acid.writeUInt16LE(4, 16);
    acid.writeUInt16LE(4, 18);
    acid.writeFloatLE(options.acid.bpm, 20);
    chunks.push(chunk('acid', acid));
  }
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(dataBytes, 4);
  const body = Buffer.concat([...chunks, dataHeader]);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  const trailer = options.smplRootNote === undefined ? 0 : 8 + 36;
  riff.writeUInt32LE(4 + body.length + dataBytes + (dataBytes % 2) + trailer, 4);
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, body]);
}

/** A sampler's `smpl` chunk, written after the samples as samplers do. */
function smplChunk(rootNote: number): Buffer {
  const smpl = Buffer.alloc(36);
  smpl.writeUInt32LE(rootNote, 12);
  return chunk('smpl', smpl);
}

/** The samples of a 16-bit mono WAV, `frames` of them from `from`. */
export function sineSamples(from: number, frames: number, rate: number, amplitude: number): Buffer {
  const out = Buffer.alloc(frames * 2);
  for (let i = 0; i < frames; i++) {
    const value = amplitude * Math.sin((2 * Math.PI * 441 * (from + i)) / rate);
    out.writeInt16LE(Math.round(value * 0x7fff), i * 2);
  }
  return out;
}

export function wavBytes(options: WavOptions): Buffer {
  const rate = options.rate ?? 44100;
  const frames = Math.round(options.seconds * rate);
  const data = sineSamples(0, frames, rate, options.amplitude ?? 0.5);
  return Buffer.concat([
    wavHeader(options, data.length),
    data,
    ...(options.smplRootNote === undefined ? [] : [smplChunk(options.smplRootNote)]),
  ]);
}

/** A 16-bit mono AIFF of a 441 Hz sine (big-endian samples; the rate as an 80-bit float). */
export function aiffBytes(options: { seconds: number; rate?: number }): Buffer {
  const rate = options.rate ?? 44100;
  const frames = Math.round(options.seconds * rate);
  const data = sineSamples(0, frames, rate, 0.5).swap16();
  const comm = Buffer.alloc(18);
  comm.writeUInt16BE(1, 0);
  comm.writeUInt32BE(frames, 2);
  comm.writeUInt16BE(16, 6);
  const exponent = Math.floor(Math.log2(rate));
  comm.writeUInt16BE(16383 + exponent, 8);
  comm.writeBigUInt64BE(BigInt(rate) << BigInt(63 - exponent), 10);
  const ssnd = Buffer.concat([Buffer.alloc(8), data]);
  const chunkOf = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32BE(body.length, 4);
    return Buffer.concat([header, body]);
  };
  const body = Buffer.concat([
    Buffer.from('AIFF', 'latin1'),
    chunkOf('COMM', comm),
    chunkOf('SSND', ssnd),
  ]);
  return chunkOf('FORM', body);
}

/** A WAV streamed sample block by sample block: a long one never sits whole in memory. */
export function wavStream(options: WavOptions): Readable {
  const rate = options.rate ?? 44100;
  const frames = Math.round(options.seconds * rate);
  const amplitude = options.amplitude ?? 0.5;
  return Readable.from(
    (function* () {
      yield wavHeader(options, frames * 2);
      for (let at = 0; at < frames; at += 65536) {
        yield sineSamples(at, Math.min(65536, frames - at), rate, amplitude);
      }
    })(),
  );
}

/** A MIDI file of a bar of quarter-note C minor chords at `bpm`. */
export function midiBytes(bpm: number): Buffer {
  const track = new MidiWriter.Track();
  track.setTempo(bpm);
  for (let i = 0; i < 4; i++) {
    track.addEvent(new MidiWriter.NoteEvent({ pitch: [60, 63, 67], duration: '4', velocity: 80 }));
  }
  return Buffer.from(new MidiWriter.Writer(track).buildFile());
}

export interface ZipItem {
  name: string;
  bytes?: Buffer;
  stream?: Readable;
  size?: number;
  /** Deflated; stored (as packs of WAVs mostly are) unless said. */
  compress?: boolean;
}

/** The ZIP's bytes as a stream. */
export function zipStream(items: readonly ZipItem[]): Readable {
  const zip = new yazl.ZipFile();
  for (const item of items) {
    const options = { compress: item.compress ?? false, mtime: new Date(2026, 0, 1) };
    if (item.stream) zip.addReadStream(item.stream, item.name, { ...options, size: item.size });
    else zip.addBuffer(item.bytes ?? Buffer.alloc(0), item.name, options);
  }
  zip.end();
  return zip.outputStream as Readable;
}

export async function zipBytes(items: readonly ZipItem[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of zipStream(items)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** `length` zero bytes, streamed. */
export function zeros(length: number): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < length; at += 1 << 20)
        yield Buffer.alloc(Math.min(1 << 20, length - at));
    })(),
  );
}

/**
 * Renames an entry in the ZIP's bytes (local header and directory), as a hand-made archive may:
 * the new name must be as long as the old, so nothing else moves.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must be the same length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at !== -1; at = out.indexOf(needle, at + 1)) {
    out.write(to, at, 'latin1');
  }
  return out;
}

/** Makes the directory state `size` for every entry larger than that: a header that lies. */
export function understateSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = out.indexOf(signature); at !== -1; at = out.indexOf(signature, at + 4)) {
    if (out.readUInt32LE(at + 24) > size) out.writeUInt32LE(size, at + 24);
  }
  return out;
}
