import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PREVIEW_PEAKS } from '#shared/waveform';
import { encodeWav } from '../demo/assets/wav';
import { AudioDecodeError, audioFormatOf, peaksOfAudio } from './audio-peaks';

const RATE = 22050;

function sine(seconds: number, amplitude = 1, rate = RATE): Float32Array {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = amplitude * Math.sin((2 * Math.PI * 441 * i) / rate);
  }
  return samples;
}

function joined(...parts: Float32Array[]): Float32Array {
  const all = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** A 16-bit stereo WAV (encodeWav writes mono only). */
function stereoWav(left: Float32Array, right: Float32Array): Buffer {
  const data = Buffer.alloc(left.length * 4);
  const int16 = (sample: number) => Math.round(Math.max(-1, Math.min(1, sample)) * 0x7fff);
  for (let i = 0; i < left.length; i++) {
    data.writeInt16LE(int16(left[i]!), i * 4);
    data.writeInt16LE(int16(right[i]!), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A 32-bit float mono WAV laid out as SoX writes one: an 18-byte fmt chunk and a fact chunk,
 * so its samples start at byte 58, not on a multiple of 4.
 */
function floatWav(samples: Float32Array): Buffer {
  const header = Buffer.alloc(58);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(50 + samples.length * 4, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(18, 16);
  header.writeUInt16LE(3, 20); // IEEE float
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(32, 34);
  header.writeUInt16LE(0, 36);
  header.write('fact', 38, 'ascii');
  header.writeUInt32LE(4, 42);
  header.writeUInt32LE(samples.length, 46);
  header.write('data', 50, 'ascii');
  header.writeUInt32LE(samples.length * 4, 54);
  return Buffer.concat([header, Buffer.from(samples.buffer)]);
}

const fixture = (name: string) =>
  readFile(new URL(`../../../tests/fixtures/audio/${name}`, import.meta.url));

const slice = (peaks: Uint8Array, from: number, to: number) => [...peaks.subarray(from, to)];

describe('peaksOfAudio on a WAV built here', () => {
  it('gives silence then a full-scale sine as zeros then 255s', async () => {
    const peaks = await peaksOfAudio(encodeWav(joined(new Float32Array(RATE), sine(1))));
    expect(peaks).toHaveLength(PREVIEW_PEAKS);
    expect(Math.max(...slice(peaks, 0, 500))).toBe(0);
    expect(Math.min(...slice(peaks, 500, 1000))).toBeGreaterThanOrEqual(254);
  });

  it('gives a linear fade-in as peaks that rise steadily from silence to full scale', async () => {
    const fade = sine(2);
    for (let i = 0; i < fade.length; i++) fade[i]! *= i / fade.length;
    const peaks = [...(await peaksOfAudio(encodeWav(fade)))];
    for (let i = 1; i < peaks.length; i++) expect(peaks[i]).toBeGreaterThanOrEqual(peaks[i - 1]!);
    expect(peaks[0]).toBeLessThanOrEqual(1);
    expect(peaks[499]).toBeGreaterThanOrEqual(126);
    expect(peaks[499]).toBeLessThanOrEqual(129);
    expect(peaks[999]).toBeGreaterThanOrEqual(254);
  });

  it('mixes stereo to mono, so a sine beside a silent channel comes out at half height', async () => {
    const left = sine(2);
    const peaks = await peaksOfAudio(stereoWav(left, new Float32Array(left.length)));
    expect(peaks).toHaveLength(PREVIEW_PEAKS);
    for (const peak of peaks) expect(Math.abs(peak - 127.5)).toBeLessThanOrEqual(1);
  });

  it('reads a 32-bit float WAV whose samples do not start on a multiple of 4', async () => {
    const peaks = await peaksOfAudio(floatWav(joined(new Float32Array(RATE), sine(1, 0.5))));
    expect(Math.max(...slice(peaks, 0, 500))).toBe(0);
    for (const peak of slice(peaks, 500, 1000)) expect(Math.abs(peak - 128)).toBeLessThanOrEqual(1);
  });

  it('gives audio shorter than the peaks one peak per sample', async () => {
    const peaks = await peaksOfAudio(encodeWav(new Float32Array([0, 0.5, -1, 0.25])));
    expect([...peaks]).toEqual([0, 128, 255, 64]);
  });

  it('keeps its shape for audio too long to keep sample by sample (a 5-minute preview)', async () => {
    const minute = RATE * 60;
    // Four quiet minutes, then one loud one.
    const quiet = sine(4 * 60, 0.25);
    const peaks = await peaksOfAudio(encodeWav(joined(quiet, sine(1 * 60))));
    expect(quiet.length + minute).toBeGreaterThan(1 << 18);
    expect(Math.max(...slice(peaks, 0, 799))).toBe(64);
    expect(Math.min(...slice(peaks, 801, 1000))).toBeGreaterThanOrEqual(254);
  });
});

describe('peaksOfAudio on committed MP3, FLAC and Ogg Vorbis files (tests/fixtures/audio)', () => {
  // One second of silence, then one second of a 440 Hz sine (README.md there says how made).
  it.each([
    // The FLAC is 8 kHz: a peak's 16 samples may fall up to 10° from the sine's crest.
    ['silence-then-sine.flac', 255, 5],
    ['silence-then-sine.mp3', 227, 12],
    ['silence-then-sine.ogg', 227, 12],
  ])('%s: the silent first half is flat, the sine half loud', async (name, loud, tolerance) => {
    const bytes = await fixture(name);
    const peaks = await peaksOfAudio(bytes);
    expect(peaks).toHaveLength(PREVIEW_PEAKS);
    expect(Math.max(...slice(peaks, 0, 480))).toBeLessThanOrEqual(1);
    for (const peak of slice(peaks, 560, 940)) {
      expect(Math.abs(peak - loud)).toBeLessThanOrEqual(tolerance);
    }
  });

  it('fade-in.mp3: a two-second fade-in rises from silence to its loudest', async () => {
    const peaks = [...(await peaksOfAudio(await fixture('fade-in.mp3')))];
    const tenths = Array.from({ length: 9 }, (_, i) =>
      Math.max(...peaks.slice(i * 100 + 30, (i + 1) * 100 + 30)),
    );
    for (let i = 1; i < tenths.length; i++) expect(tenths[i]).toBeGreaterThan(tenths[i - 1]!);
    expect(Math.max(...peaks.slice(0, 30))).toBeLessThanOrEqual(25);
    expect(Math.max(...peaks)).toBeGreaterThanOrEqual(215);
  });

  it('stereo-left-only.flac: a full-scale sine beside a silent channel is half height', async () => {
    const peaks = await peaksOfAudio(await fixture('stereo-left-only.flac'));
    for (const peak of peaks) expect(Math.abs(peak - 126)).toBeLessThanOrEqual(3);
  });

  it('tells each format by its content', async () => {
    expect(audioFormatOf(await fixture('silence-then-sine.flac'))).toBe('FLAC');
    expect(audioFormatOf(await fixture('silence-then-sine.mp3'))).toBe('MP3');
    expect(audioFormatOf(await fixture('silence-then-sine.ogg'))).toBe('OGG');
    expect(audioFormatOf(encodeWav(sine(0.1)))).toBe('WAV');
  });
});

describe('peaksOfAudio on what is not audio', () => {
  it('refuses text with a clear error', async () => {
    await expect(
      peaksOfAudio(Buffer.from('These are the liner notes, not a song.')),
    ).rejects.toThrow(new AudioDecodeError('The file is not WAV, MP3, FLAC or Ogg Vorbis audio.'));
  });

  it('refuses an empty file', async () => {
    await expect(peaksOfAudio(new Uint8Array(0))).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('refuses a FLAC cut off inside its header as holding no audio', async () => {
    const bytes = await fixture('silence-then-sine.flac');
    await expect(peaksOfAudio(bytes.subarray(0, 40))).rejects.toThrow(
      'The FLAC file holds no audio.',
    );
  });

  it('refuses a WAV header with no samples after it', async () => {
    await expect(peaksOfAudio(encodeWav(new Float32Array(0)))).rejects.toThrow(
      'The WAV file holds no audio.',
    );
  });

  it.each(['ID3', 'fLaC', 'OggS'])('refuses noise that starts like audio (%s)', async (magic) => {
    const noise = Buffer.alloc(64 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
    noise.write(magic, 0, 'ascii');
    await expect(peaksOfAudio(noise)).rejects.toBeInstanceOf(AudioDecodeError);
  });
});
