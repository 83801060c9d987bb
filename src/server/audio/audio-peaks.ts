import { setImmediate as nextTurn } from 'node:timers/promises';
import { CARD_PEAKS, encodePeaks, PREVIEW_PEAKS, summarisePeaks } from '#shared/waveform';
import { peaksOfSamples } from './peaks';

/**
 * The audio the store decodes, as the content shows it: the preview formats it takes
 * (#shared/upload-limits), and AIFF, which sample packs ship and pack contents list.
 */
export type AudioFormat = 'WAV' | 'AIFF' | 'MP3' | 'FLAC' | 'OGG';

/** Audio that could not be read: not one of the four formats, or broken inside. */
export class AudioDecodeError extends Error {
  override name = 'AudioDecodeError';
}

interface AudioData {
  channelData: Float32Array[];
  sampleRate?: number;
}
export interface StreamDecoder {
  decode(chunk: Uint8Array): AudioData;
  flush?(): AudioData;
  free(): void;
}

/** What the first bytes say the file is; null for anything else. */
export function audioFormatOf(bytes: Uint8Array): AudioFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'WAV';
  if (ascii(0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(8, 12))) return 'AIFF';
  if (ascii(0, 4) === 'fLaC') return 'FLAC';
  if (ascii(0, 4) === 'OggS') return 'OGG';
  if (ascii(0, 3) === 'ID3') return 'MP3';
  // An MPEG audio frame's sync word, layer III (0b01 in the layer bits).
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe6) === 0xe2) return 'MP3';
  return null;
}

/** The package that decodes each format: loaded on first use, so a start that never decodes an MP3 never loads its WebAssembly. */
export async function decoderFor(format: AudioFormat): Promise<StreamDecoder> {
  switch (format) {
    case 'WAV':
      return (await import('@audio/decode-wav')).decoder();
    case 'AIFF':
      return (await import('@audio/decode-aiff')).decoder();
    case 'MP3':
      return (await import('@audio/decode-mp3')).decoder();
    case 'FLAC':
      return (await import('@audio/decode-flac')).decoder();
    case 'OGG':
      return (await import('@audio/decode-vorbis')).decoder();
  }
}

/**
 * How long one decoding step may keep the server from other requests. Bytes are handed to the
 * decoder in chunks sized to take about this long: a kilobyte of Vorbis is far more sound (and
 * work) than a kilobyte of WAV.
 */
const STEP_MS = 10;
const MIN_CHUNK_BYTES = 4 * 1024;
const MAX_CHUNK_BYTES = 1024 * 1024;

/** Most loudness values the envelope keeps (1 MB of floats), whatever the length of the audio. */
const ENVELOPE_CAPACITY = 1 << 18;

/**
 * The loudness of mono audio in blocks of equal length, fed as it is decoded: each value the
 * loudest absolute sample of its block. Blocks start one sample long and double (two values
 * become their louder one) whenever the envelope is full, so an hour of audio costs no more
 * memory than a minute, and audio of fewer than ENVELOPE_CAPACITY samples is kept exactly.
 */
class Envelope {
  private readonly values = new Float32Array(ENVELOPE_CAPACITY);
  private length = 0;
  private blockSize = 1;
  private loudest = 0;
  private filled = 0;

  /** Adds decoded audio, its channels mixed to mono by their average. */
  add(channels: Float32Array[]): void {
    const count = channels.length;
    const frames = channels[0]?.length ?? 0;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      for (let c = 0; c < count; c++) sum += channels[c]![i]!;
      const level = Math.abs(sum / count);
      if (level > this.loudest) this.loudest = level;
      if (++this.filled === this.blockSize) this.push();
    }
  }

  /** The envelope of everything added, the last block however full it is. */
  finish(): Float32Array {
    if (this.filled > 0) this.push();
    return this.values.subarray(0, this.length);
  }

  private push(): void {
    if (this.length === ENVELOPE_CAPACITY) {
      for (let i = 0; i < ENVELOPE_CAPACITY / 2; i++) {
        this.values[i] = Math.max(this.values[2 * i]!, this.values[2 * i + 1]!);
      }
      this.length = ENVELOPE_CAPACITY / 2;
      this.blockSize *= 2;
    }
    this.values[this.length++] = this.loudest;
    this.loudest = 0;
    this.filled = 0;
  }
}

/**
 * The waveform of an audio file (WAV, MP3, FLAC or Ogg Vorbis, told by its content): `count`
 * peaks (peaksOfSamples) of its channels mixed to mono. The file is decoded a chunk at a time,
 * letting the server answer other requests between chunks, and never held whole as samples.
 * Throws AudioDecodeError for a file that is not one of the four or holds no sound.
 */
export async function peaksOfAudio(
  bytes: Uint8Array,
  count: number = PREVIEW_PEAKS,
): Promise<Uint8Array> {
  // A plain view of a Node Buffer: the WAV decoder copies misaligned float samples with
  // slice(), which on a Buffer is a view, not a copy.
  bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = audioFormatOf(bytes);
  if (!format) throw new AudioDecodeError('The file is not WAV, MP3, FLAC or Ogg Vorbis audio.');
  const envelope = new Envelope();
  let decoder: StreamDecoder;
  try {
    decoder = await decoderFor(format);
  } catch (error) {
    throw new AudioDecodeError(`The ${format} decoder could not start.`, { cause: error });
  }
  try {
    let chunkBytes = 64 * 1024;
    for (let start = 0; start < bytes.length;) {
      const end = Math.min(bytes.length, start + chunkBytes);
      const began = performance.now();
      envelope.add(decoder.decode(bytes.subarray(start, end)).channelData);
      const took = performance.now() - began;
      if (took > STEP_MS) chunkBytes = Math.max(MIN_CHUNK_BYTES, chunkBytes / 2);
      else if (took < STEP_MS / 4) chunkBytes = Math.min(MAX_CHUNK_BYTES, chunkBytes * 2);
      start = end;
      await nextTurn();
    }
    if (decoder.flush) envelope.add(decoder.flush().channelData);
  } catch (error) {
    throw new AudioDecodeError(`The ${format} audio could not be decoded.`, { cause: error });
  } finally {
    decoder.free();
  }
  const levels = envelope.finish();
  if (levels.length === 0) throw new AudioDecodeError(`The ${format} file holds no audio.`);
  return peaksOfSamples(levels, count);
}

/** A product's waveform as its two columns store it: the full peaks and the cards' summary. */
export interface PreviewPeakColumns {
  previewPeaks: string | null;
  cardPeaks: string | null;
}

export const NO_PREVIEW_PEAKS: PreviewPeakColumns = { previewPeaks: null, cardPeaks: null };

export function previewPeakColumns(peaks: Uint8Array): PreviewPeakColumns {
  return {
    previewPeaks: encodePeaks(peaks),
    cardPeaks: encodePeaks(summarisePeaks(peaks, CARD_PEAKS)),
  };
}
