export type Mode = 'major' | 'minor';

/** What a pack sounds like: shared by the audio renderer and the MIDI writer. */
export interface SoundSpec {
  tempo: number;
  /** MIDI note number of the key's root, around the third octave (C3 = 48). */
  root: number;
  mode: Mode;
  seed: number;
}

const SCALES: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

/** Zero-based scale degrees: major ii–V–I–I, ii–V–I–vi, I–vi–IV–V; minor i–VI–III–VII, i–iv–v–i, ii°–v–i–i. */
const PROGRESSIONS: Record<Mode, readonly (readonly number[])[]> = {
  major: [
    [1, 4, 0, 0],
    [1, 4, 0, 5],
    [0, 5, 3, 4],
  ],
  minor: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [1, 4, 0, 0],
  ],
};

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;

/** The MIDI note of a scale degree; degrees beyond 6 climb into the next octave. */
export function scaleNote(root: number, mode: Mode, degree: number): number {
  const octave = Math.floor(degree / 7);
  const step = SCALES[mode][degree - octave * 7] ?? 0;
  return root + octave * 12 + step;
}

/** A diatonic seventh chord built by stacking thirds on a degree. */
export function seventhChord(root: number, mode: Mode, degree: number): number[] {
  return [0, 2, 4, 6].map((third) => scaleNote(root, mode, degree + third));
}

export function progression(mode: Mode, variant: number): readonly number[] {
  const options = PROGRESSIONS[mode];
  return options[variant % options.length] ?? [0, 0, 0, 0];
}

export function midiToFrequency(note: number): number {
  return 440 * 2 ** ((note - 69) / 12);
}

/** 'D minor', for file names and licence headers. */
export function keyName(root: number, mode: Mode): string {
  return `${NOTE_NAMES[((root % 12) + 12) % 12] ?? 'C'} ${mode}`;
}
