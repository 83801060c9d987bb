import type { SoundSpec } from './music-theory';
import { scaleNote, seventhChord } from './music-theory';
import {
  bassPattern,
  chordPattern,
  drumPattern,
  melodyPattern,
  previewBars,
  progressionBeats,
  type DrumHit,
  type NoteGroup,
} from './patterns';
import { createRng } from './prng';
import {
  addBassNote,
  addChord,
  addHat,
  addKick,
  addSnare,
  lowPass,
  normalise,
} from './synth-voices';
import { SAMPLE_RATE } from './wav';

function samplesPerBeat(tempo: number): number {
  return (60 / tempo) * SAMPLE_RATE;
}

function bufferFor(beats: number, tempo: number): Float32Array {
  return new Float32Array(Math.round(beats * samplesPerBeat(tempo)));
}

function playDrums(out: Float32Array, hits: readonly DrumHit[], spec: SoundSpec): void {
  const rng = createRng(spec.seed ^ 0x5eed);
  const tune = 0.9 + (spec.seed % 21) / 100;
  for (const hit of hits) {
    const start = Math.round(hit.beat * samplesPerBeat(spec.tempo));
    if (hit.voice === 'kick') addKick(out, start, hit.velocity, tune);
    else if (hit.voice === 'snare') addSnare(out, start, hit.velocity, rng);
    else addHat(out, start, hit.velocity, rng, hit.voice === 'open-hat');
  }
}

function playChords(out: Float32Array, groups: readonly NoteGroup[], spec: SoundSpec): void {
  const perBeat = samplesPerBeat(spec.tempo);
  const chords = new Float32Array(out.length);
  for (const group of groups) {
    addChord(
      chords,
      Math.round(group.beat * perBeat),
      Math.round(group.beats * perBeat),
      group.notes,
      group.velocity,
    );
  }
  // The cutoff varies per pack: some sound dark and dusty, others bright.
  lowPass(chords, 900 + (spec.seed % 13) * 110);
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (chords[i] ?? 0);
}

function playBass(out: Float32Array, groups: readonly NoteGroup[], spec: SoundSpec): void {
  const perBeat = samplesPerBeat(spec.tempo);
  const brightness = 0.4 + (spec.seed % 7) / 10;
  for (const group of groups) {
    for (const note of group.notes) {
      addBassNote(
        out,
        Math.round(group.beat * perBeat),
        Math.round(group.beats * perBeat),
        note,
        group.velocity,
        brightness,
      );
    }
  }
}

/** A drum loop of `bars` bars, by default long enough for a 4–8 s preview. */
export function renderDrumLoop(
  spec: SoundSpec,
  bars = previewBars(spec.tempo),
  variant = 0,
  /** Only these voices play: a top loop is the hats alone. */
  voices?: readonly DrumHit['voice'][],
): Float32Array {
  const out = bufferFor(bars * 4, spec.tempo);
  const hits = drumPattern(spec, bars, variant);
  playDrums(out, voices ? hits.filter((hit) => voices.includes(hit.voice)) : hits, spec);
  return normalise(out);
}

/** Four diatonic seventh chords (a ii–V–I or a relative) lasting 4–8 s. */
export function renderChordProgression(spec: SoundSpec, variant = 0): Float32Array {
  const out = bufferFor(progressionBeats(spec), spec.tempo);
  playChords(out, chordPattern(spec, variant), spec);
  return normalise(out);
}

export function renderBassLine(spec: SoundSpec, variant = 0): Float32Array {
  const out = bufferFor(progressionBeats(spec), spec.tempo);
  playBass(out, bassPattern(spec, variant), spec);
  return normalise(out);
}

/** The melody a MIDI file holds, played on a soft, bright version of the chord voice. */
export function renderMelody(spec: SoundSpec, variant = 0): Float32Array {
  const perBeat = samplesPerBeat(spec.tempo);
  const out = bufferFor(progressionBeats(spec), spec.tempo);
  for (const group of melodyPattern(spec, variant)) {
    addChord(
      out,
      Math.round(group.beat * perBeat),
      Math.round(group.beats * perBeat),
      group.notes,
      group.velocity,
    );
  }
  lowPass(out, 2400, 1);
  return normalise(out);
}

/** Drums, chords and bass together: the preview of a construction kit. */
export function renderGroove(spec: SoundSpec): Float32Array {
  const beats = progressionBeats(spec);
  const drums = bufferFor(beats, spec.tempo);
  playDrums(drums, drumPattern(spec, beats / 4), spec);
  const chords = bufferFor(beats, spec.tempo);
  playChords(chords, chordPattern(spec), spec);
  const bass = bufferFor(beats, spec.tempo);
  playBass(bass, bassPattern(spec), spec);
  const out = new Float32Array(drums.length);
  normalise(drums);
  normalise(chords);
  normalise(bass);
  for (let i = 0; i < out.length; i++) {
    out[i] = 0.45 * (drums[i] ?? 0) + 0.3 * (chords[i] ?? 0) + 0.35 * (bass[i] ?? 0);
  }
  return normalise(out);
}

export type OneShotKind = 'kick' | 'snare' | 'hat' | 'open-hat' | 'chord' | 'bass-note';

const ONE_SHOT_SECONDS: Record<OneShotKind, number> = {
  kick: 0.6,
  snare: 0.5,
  hat: 0.5,
  'open-hat': 0.6,
  chord: 1.5,
  'bass-note': 1,
};

/**
 * A single hit or note; `variant` retunes it so a pack's kicks or chords differ from each other.
 * A chord or bass note sits on scale degree `degree` (by default one the variant picks).
 */
export function renderOneShot(
  kind: OneShotKind,
  spec: SoundSpec,
  variant = 0,
  degree?: number,
): Float32Array {
  const out = new Float32Array(Math.round(ONE_SHOT_SECONDS[kind] * SAMPLE_RATE));
  const rng = createRng(spec.seed + variant * 31);
  if (kind === 'kick') addKick(out, 0, 1, 0.85 + (variant % 6) * 0.08);
  else if (kind === 'snare') addSnare(out, 0, 1, rng);
  else if (kind === 'hat' || kind === 'open-hat') addHat(out, 0, 1, rng, kind === 'open-hat');
  else if (kind === 'chord') {
    addChord(out, 0, out.length, seventhChord(spec.root + 12, spec.mode, degree ?? variant * 3), 1);
    lowPass(out, 1400 + (variant % 4) * 300);
  } else {
    addBassNote(
      out,
      0,
      out.length,
      scaleNote(spec.root - 12, spec.mode, degree ?? variant * 4),
      1,
      0.8,
    );
  }
  return normalise(out);
}
