import { applyEffect, type EffectKind } from './effects';
import type { SoundSpec } from './music-theory';
import { renderBassLine, renderChordProgression, renderDrumLoop, renderGroove } from './synth';

/** What a software product's Audio-Examples folder demonstrates. */
export type AudioDemoKind = EffectKind | 'synth' | 'chords' | 'drums' | 'groove';

export interface AudioDemo {
  kind: AudioDemoKind;
  spec: SoundSpec;
}

/** Effects get a before/after pair; instruments and apps get example renders. */
export function renderAudioExamples(demo: AudioDemo): Record<string, Float32Array> {
  const { spec } = demo;
  switch (demo.kind) {
    case 'synth':
      return {
        'Bass_Line_01.wav': renderBassLine(spec, 0),
        'Bass_Line_02.wav': renderBassLine(spec, 1),
      };
    case 'chords':
      return {
        'Progression_01.wav': renderChordProgression(spec, 0),
        'Progression_02.wav': renderChordProgression(spec, 1),
      };
    case 'drums':
      return {
        'Beat_01.wav': renderDrumLoop(spec),
        'Beat_02.wav': renderDrumLoop(spec, undefined, 1),
      };
    case 'groove':
      return { 'Example_Loop.wav': renderGroove(spec) };
    default: {
      const before = demo.kind === 'compress' ? renderDrumLoop(spec) : renderGroove(spec);
      return { 'Before.wav': before, 'After.wav': applyEffect(demo.kind, before, spec.tempo) };
    }
  }
}
