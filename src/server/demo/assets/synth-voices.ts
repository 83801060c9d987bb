import { midiToFrequency } from './music-theory';
import type { Rng } from './prng';
import { SAMPLE_RATE } from './wav';

/** The voices add into a shared buffer; anything past its end is dropped, so loops stay exact. */
function mixAt(out: Float32Array, index: number, value: number): void {
  if (index >= 0 && index < out.length) out[index] = (out[index] ?? 0) + value;
}

/** A sine swept from ~150 Hz down to the body pitch, plus a short click for attack. */
export function addKick(out: Float32Array, start: number, gain: number, tune = 1): void {
  const length = Math.floor(0.45 * SAMPLE_RATE);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (2 * Math.PI * (45 + 110 * Math.exp(-t * 28)) * tune) / SAMPLE_RATE;
    const click = i < 60 ? (1 - i / 60) * 0.25 : 0;
    mixAt(out, start + i, gain * (Math.sin(phase) * Math.exp(-t * 7) + click));
  }
}

/** White noise with a first-difference high-pass: crude, but reads as a snare or hat. */
function addNoise(
  out: Float32Array,
  start: number,
  seconds: number,
  decay: number,
  gain: number,
  rng: Rng,
  hiPass: number,
): void {
  const length = Math.floor(seconds * SAMPLE_RATE);
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const white = rng() * 2 - 1;
    const value = white - hiPass * previous;
    previous = white;
    mixAt(out, start + i, gain * value * Math.exp((-i / SAMPLE_RATE) * decay));
  }
}

export function addSnare(out: Float32Array, start: number, gain: number, rng: Rng): void {
  const length = Math.floor(0.2 * SAMPLE_RATE);
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    mixAt(out, start + i, gain * 0.6 * Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 30));
  }
  addNoise(out, start, 0.3, 16, gain * 0.55, rng, 0.6);
}

export function addHat(
  out: Float32Array,
  start: number,
  gain: number,
  rng: Rng,
  open: boolean,
): void {
  addNoise(out, start, open ? 0.4 : 0.07, open ? 9 : 70, gain * 0.35, rng, 0.98);
}

function envelope(i: number, length: number, attack: number, release: number): number {
  const attackGain = Math.min(1, i / Math.max(1, attack));
  const releaseGain = Math.min(1, (length - i) / Math.max(1, release));
  return Math.max(0, Math.min(attackGain, releaseGain));
}

/** Each note is two saws detuned a few cents apart over a sine; the caller low-passes the sum. */
export function addChord(
  out: Float32Array,
  start: number,
  length: number,
  notes: readonly number[],
  gain: number,
): void {
  const attack = 0.015 * SAMPLE_RATE;
  const release = 0.12 * SAMPLE_RATE;
  for (const note of notes) {
    const frequency = midiToFrequency(note);
    let sawA = 0;
    let sawB = 0.5;
    let sine = 0;
    for (let i = 0; i < length; i++) {
      sawA = (sawA + (frequency * 1.0035) / SAMPLE_RATE) % 1;
      sawB = (sawB + (frequency * 0.9965) / SAMPLE_RATE) % 1;
      sine += (2 * Math.PI * frequency) / SAMPLE_RATE;
      const voice = (sawA * 2 - 1) * 0.3 + (sawB * 2 - 1) * 0.3 + Math.sin(sine) * 0.4;
      mixAt(out, start + i, (gain / notes.length) * voice * envelope(i, length, attack, release));
    }
  }
}

/** A saw plus sine sub through a one-pole filter whose cutoff falls after each attack (the "pluck"). */
export function addBassNote(
  out: Float32Array,
  start: number,
  length: number,
  note: number,
  gain: number,
  brightness: number,
): void {
  const frequency = midiToFrequency(note);
  let phase = 0;
  let filtered = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    phase = (phase + frequency / SAMPLE_RATE) % 1;
    const raw = (phase * 2 - 1) * 0.6 + Math.sin(2 * Math.PI * phase) * 0.6;
    const cutoff = 120 + brightness * 1600 * Math.exp(-t * 14);
    filtered += (1 - Math.exp((-2 * Math.PI * cutoff) / SAMPLE_RATE)) * (raw - filtered);
    mixAt(
      out,
      start + i,
      gain * filtered * envelope(i, length, 0.004 * SAMPLE_RATE, 0.03 * SAMPLE_RATE),
    );
  }
}

/** One-pole low-pass, applied `passes` times for a steeper slope. */
export function lowPass(buffer: Float32Array, cutoffHz: number, passes = 2): void {
  const a = 1 - Math.exp((-2 * Math.PI * cutoffHz) / SAMPLE_RATE);
  for (let pass = 0; pass < passes; pass++) {
    let y = 0;
    for (let i = 0; i < buffer.length; i++) {
      y += a * ((buffer[i] ?? 0) - y);
      buffer[i] = y;
    }
  }
}

/** Scales to a fixed peak below full scale, so summed voices never clip when encoded. */
export function normalise(buffer: Float32Array, peak = 0.89): Float32Array {
  let max = 0;
  for (const sample of buffer) max = Math.max(max, Math.abs(sample));
  if (max === 0) return buffer;
  const scale = peak / max;
  for (let i = 0; i < buffer.length; i++) buffer[i] = (buffer[i] ?? 0) * scale;
  return buffer;
}
