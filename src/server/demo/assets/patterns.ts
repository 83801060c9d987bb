import { createRng, pick, type Rng } from './prng';
import { progression, scaleNote, seventhChord, type SoundSpec } from './music-theory';

/**
 * Musical events in beats, independent of how they are played: the synthesiser renders
 * them to audio and the MIDI writer writes them out, so a pack's loop and its MIDI agree.
 */
export type DrumVoice = 'kick' | 'snare' | 'hat' | 'open-hat';

export interface DrumHit {
  beat: number;
  voice: DrumVoice;
  /** 0..1 */
  velocity: number;
}

export interface NoteGroup {
  beat: number;
  beats: number;
  notes: number[];
  /** 0..1 */
  velocity: number;
}

const STEP = 0.25; // a sixteenth note, in beats

/** Enough whole bars to last at least four seconds, so previews land between 4 and 8 s. */
export function previewBars(tempo: number): number {
  const barSeconds = (4 * 60) / tempo;
  return Math.max(1, Math.ceil(4 / barSeconds));
}

/** Slow tempos get two beats per chord, fast ones a bar, so four chords last 4–8 s. */
export function beatsPerChord(tempo: number): number {
  return tempo < 120 ? 2 : 4;
}

export function progressionBeats(spec: SoundSpec): number {
  return 4 * beatsPerChord(spec.tempo);
}

function rngFor(spec: SoundSpec, salt: number, variant: number): Rng {
  return createRng(spec.seed + salt * 104_729 + variant * 7_919);
}

interface Groove {
  kick: readonly number[];
  snare: readonly number[];
  hats: readonly number[];
  openHats: readonly number[];
  swing: number;
}

/** The style follows the tempo: drum & bass, trap, house, else a swung hip-hop groove. */
function chooseGroove(tempo: number, rng: Rng): Groove {
  const eighths = [0, 2, 4, 6, 8, 10, 12, 14];
  const sixteenths = Array.from({ length: 16 }, (_, i) => i);
  if (tempo >= 160)
    return { kick: [0, 10], snare: [4, 12], hats: eighths, openHats: [14], swing: 0 };
  if (tempo >= 135) {
    const kick = pick(rng, [
      [0, 7, 10],
      [0, 3, 10, 11],
      [0, 6, 9],
    ]);
    return { kick, snare: [8], hats: sixteenths, openHats: [], swing: 0 };
  }
  if (tempo >= 118)
    return {
      kick: [0, 4, 8, 12],
      snare: [4, 12],
      hats: eighths,
      openHats: [2, 6, 10, 14],
      swing: 0,
    };
  const kick = pick(rng, [
    [0, 6, 10],
    [0, 3, 8, 10],
    [0, 7, 9],
    [0, 10, 11],
  ]);
  return { kick, snare: [4, 12], hats: eighths, openHats: [], swing: 0.08 + rng() * 0.1 };
}

export function drumPattern(spec: SoundSpec, bars: number, variant = 0): DrumHit[] {
  const rng = rngFor(spec, 1, variant);
  const groove = chooseGroove(spec.tempo, rng);
  const hits: DrumHit[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const at = (step: number): number =>
      bar * 4 + step * STEP + (step % 2 === 1 ? groove.swing : 0);
    for (const step of groove.kick)
      hits.push({ beat: at(step), voice: 'kick', velocity: 0.9 + rng() * 0.1 });
    for (const step of groove.snare)
      hits.push({ beat: at(step), voice: 'snare', velocity: 0.85 + rng() * 0.15 });
    for (const step of groove.hats) {
      if (groove.openHats.includes(step)) continue;
      const accent = step % 4 === 0 ? 0.75 : 0.5;
      hits.push({ beat: at(step), voice: 'hat', velocity: accent + rng() * 0.2 });
    }
    for (const step of groove.openHats)
      hits.push({ beat: at(step), voice: 'open-hat', velocity: 0.6 });
    // An occasional ghost kick on the last bar keeps loops from sounding copy-pasted.
    if (bar === bars - 1 && rng() < 0.5) hits.push({ beat: at(15), voice: 'kick', velocity: 0.55 });
  }
  return hits.sort((a, b) => a.beat - b.beat);
}

export function chordPattern(spec: SoundSpec, variant = 0): NoteGroup[] {
  const rng = rngFor(spec, 2, variant);
  const length = beatsPerChord(spec.tempo);
  const stabs = rng() < 0.4;
  return progression(spec.mode, spec.seed + variant).flatMap((degree, i) => {
    const notes = seventhChord(spec.root + 12, spec.mode, degree);
    const beat = i * length;
    if (!stabs) return [{ beat, beats: length, notes, velocity: 0.8 }];
    return [
      { beat, beats: length * 0.375, notes, velocity: 0.85 },
      { beat: beat + length * 0.625, beats: length * 0.375, notes, velocity: 0.7 },
    ];
  });
}

export function bassPattern(spec: SoundSpec, variant = 0): NoteGroup[] {
  const rng = rngFor(spec, 3, variant);
  const length = beatsPerChord(spec.tempo);
  const groups: NoteGroup[] = [];
  progression(spec.mode, spec.seed + variant).forEach((degree, i) => {
    const chordRoot = scaleNote(spec.root - 12, spec.mode, degree);
    for (let eighth = 0; eighth < length * 2; eighth++) {
      if (eighth > 0 && rng() < 0.3) continue;
      const roll = rng();
      const note =
        roll < 0.2
          ? chordRoot + 12
          : roll < 0.35
            ? scaleNote(spec.root - 12, spec.mode, degree + 4)
            : chordRoot;
      groups.push({
        beat: i * length + eighth * 0.5,
        beats: 0.4,
        notes: [note],
        velocity: eighth === 0 ? 0.95 : 0.75,
      });
    }
  });
  return groups;
}

export function melodyPattern(spec: SoundSpec, variant = 0): NoteGroup[] {
  const rng = rngFor(spec, 4, variant);
  const total = progressionBeats(spec);
  const groups: NoteGroup[] = [];
  let degree = 7 + Math.floor(rng() * 3);
  for (let beat = 0; beat < total; beat += 0.5) {
    if (rng() < 0.3) continue;
    degree = Math.max(3, Math.min(13, degree + pick(rng, [-2, -1, -1, 1, 1, 2, 3])));
    const beats = rng() < 0.3 && beat + 1 <= total ? 1 : 0.5;
    groups.push({
      beat,
      beats: beats * 0.9,
      notes: [scaleNote(spec.root + 12, spec.mode, degree)],
      velocity: 0.6 + rng() * 0.3,
    });
    beat += beats - 0.5;
  }
  return groups;
}
