import { describe, expect, it } from 'vitest';
import type { SoundSpec } from './music-theory';
import {
  renderBassLine,
  renderChordProgression,
  renderDrumLoop,
  renderGroove,
  renderOneShot,
} from './synth';
import { SAMPLE_RATE } from './wav';

const seconds = (samples: Float32Array): number => samples.length / SAMPLE_RATE;
const peak = (samples: Float32Array): number =>
  samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
const rms = (samples: Float32Array): number =>
  Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length);

const renderers = { renderDrumLoop, renderChordProgression, renderBassLine, renderGroove };
const tempos = [60, 88, 119, 120, 140, 174];

describe('preview renderers', () => {
  for (const [name, render] of Object.entries(renderers)) {
    it(`${name} lasts 4–8 s and stays audible without clipping at every tempo`, () => {
      for (const tempo of tempos) {
        const samples = render({ tempo, root: 50, mode: 'minor', seed: 1234 });
        expect(seconds(samples)).toBeGreaterThanOrEqual(4);
        expect(seconds(samples)).toBeLessThanOrEqual(8);
        expect(samples.every(Number.isFinite)).toBe(true);
        expect(peak(samples)).toBeLessThanOrEqual(0.9);
        expect(rms(samples)).toBeGreaterThan(0.03);
      }
    });
  }

  it('is deterministic for a spec and differs between specs', () => {
    const spec: SoundSpec = { tempo: 92, root: 48, mode: 'minor', seed: 42 };
    expect(renderGroove(spec)).toEqual(renderGroove(spec));
    expect(renderDrumLoop(spec)).not.toEqual(renderDrumLoop({ ...spec, seed: 43 }));
    expect(renderChordProgression(spec)).not.toEqual(renderChordProgression({ ...spec, root: 53 }));
  });
});

describe('renderOneShot', () => {
  it('renders short, audible hits and notes between 0.5 and 2 s', () => {
    const spec: SoundSpec = { tempo: 120, root: 45, mode: 'major', seed: 9 };
    for (const kind of ['kick', 'snare', 'hat', 'open-hat', 'chord', 'bass-note'] as const) {
      const samples = renderOneShot(kind, spec);
      expect(seconds(samples)).toBeGreaterThanOrEqual(0.5);
      expect(seconds(samples)).toBeLessThanOrEqual(2);
      expect(peak(samples)).toBeGreaterThan(0.5);
    }
  });
});
