import { describe, expect, it } from 'vitest';
import { renderChordProgression } from './synth';
import { encodeWav, SAMPLE_RATE } from './wav';

function decodePcm16(wav: Buffer): Float32Array {
  const dataLength = wav.readUInt32LE(40);
  const samples = new Float32Array(dataLength / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(44 + i * 2) / 32768;
  return samples;
}

describe('encodeWav', () => {
  const spec = { tempo: 96, root: 50, mode: 'minor', seed: 7 } as const;
  const samples = renderChordProgression(spec);
  const wav = encodeWav(samples);

  it('writes a RIFF/WAVE header for mono 16-bit PCM at 22.05 kHz', () => {
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.toString('ascii', 12, 16)).toBe('fmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(wav.readUInt32LE(28)).toBe(SAMPLE_RATE * 2);
    expect(wav.readUInt16LE(32)).toBe(2);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
  });

  it('stores every sample: the data length matches the sample count', () => {
    expect(wav.readUInt32LE(40)).toBe(samples.length * 2);
    expect(wav.length).toBe(44 + samples.length * 2);
  });

  it('round-trips audible samples within [-1, 1]', () => {
    const decoded = decodePcm16(wav);
    const peak = decoded.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
    const rms = Math.sqrt(decoded.reduce((sum, x) => sum + x * x, 0) / decoded.length);
    expect(peak).toBeLessThanOrEqual(1);
    expect(peak).toBeGreaterThan(0.5);
    expect(rms).toBeGreaterThan(0.05);
    expect(decoded[1000]).toBeCloseTo(samples[1000] ?? Number.NaN, 3);
  });

  it('clamps out-of-range input instead of wrapping around', () => {
    const clipped = encodeWav(new Float32Array([2, -2, 0]));
    expect(clipped.readInt16LE(44)).toBe(32767);
    expect(clipped.readInt16LE(46)).toBe(-32768);
    expect(clipped.readInt16LE(48)).toBe(0);
  });
});
