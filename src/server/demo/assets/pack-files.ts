import type { MusicKey, PackItemKind } from '#shared/music';
import { bassMidi, chordsMidi, drumsMidi, melodyMidi } from './midi';
import { keyName, type SoundSpec } from './music-theory';
import {
  renderBassLine,
  renderChordProgression,
  renderDrumLoop,
  renderGroove,
  renderMelody,
  renderOneShot,
  type OneShotKind,
} from './synth';

/** What a pack is built around; it decides the files and the preview. */
export type PackSound = 'drums' | 'keys' | 'bass' | 'groove';

export type PackFolder = 'One-Shots' | 'Loops' | 'MIDI';

/**
 * One file of a demo pack: where the ZIP holds it, how the product page lists it, and its
 * sound. The archive and the pack's contents list are both built from this one list, so the
 * list names exactly what the download holds.
 */
export interface PackFile {
  folder: PackFolder;
  fileName: string;
  name: string;
  kind: PackItemKind;
  bpm: number | null;
  key: MusicKey | null;
  /** The audio of a loop or one-shot; for a MIDI file, its notes played by a synth voice. */
  audio: () => Float32Array;
  /** The MIDI file itself (MIDI items only). */
  midi?: () => Uint8Array;
}

const two = (n: number): string => String(n).padStart(2, '0');

/** 'Drum Loop 02 – 140 BPM' → 'Drum_Loop_02_140BPM': the name as a file name. */
function fileNameOf(name: string, extension: 'wav' | 'mid'): string {
  const base = name
    .replace(/ BPM/g, 'BPM')
    .replace(/[^A-Za-z0-9#]+/g, '_')
    .replace(/^_|_$/g, '');
  return `${base}.${extension}`;
}

/** Each render runs once, however often the archive, the previews and a MIDI item ask for it. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

function byVariant(render: (variant: number) => Float32Array): (variant: number) => Float32Array {
  const rendered = new Map<number, Float32Array>();
  return (variant) => {
    const audio = rendered.get(variant) ?? render(variant);
    rendered.set(variant, audio);
    return audio;
  };
}

interface PackFacts {
  spec: SoundSpec;
  key: MusicKey;
}

function oneShots(
  facts: PackFacts,
  label: string,
  kind: OneShotKind,
  count: number,
  tonal = false,
): PackFile[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `${label} ${two(i + 1)}`;
    return {
      folder: 'One-Shots',
      fileName: fileNameOf(name, 'wav'),
      name,
      kind: 'one-shot',
      bpm: null,
      key: tonal ? facts.key : null,
      // A chord or bass note per scale degree, so a pack's one-shots play its whole scale.
      audio: once(() => renderOneShot(kind, facts.spec, i, tonal ? i : undefined)),
    };
  });
}

function loops(
  facts: PackFacts,
  label: string,
  count: number,
  tonal: boolean,
  render: (variant: number) => Float32Array,
): PackFile[] {
  const { tempo } = facts.spec;
  return Array.from({ length: count }, (_, i) => {
    const name = tonal
      ? `${label} ${two(i + 1)} (${facts.key}) – ${tempo} BPM`
      : `${label} ${two(i + 1)} – ${tempo} BPM`;
    return {
      folder: 'Loops',
      fileName: fileNameOf(name, 'wav'),
      name,
      kind: 'loop',
      bpm: tempo,
      key: tonal ? facts.key : null,
      audio: () => render(i),
    };
  });
}

function midiFiles(
  facts: PackFacts,
  label: string,
  count: number,
  tonal: boolean,
  write: (name: string, variant: number) => Uint8Array,
  render: (variant: number) => Float32Array,
): PackFile[] {
  const { tempo } = facts.spec;
  return Array.from({ length: count }, (_, i) => {
    const name = tonal
      ? `${label} ${two(i + 1)} (${facts.key})`
      : `${label} ${two(i + 1)} – ${tempo} BPM`;
    return {
      folder: 'MIDI',
      fileName: fileNameOf(name, 'mid'),
      name,
      kind: 'midi',
      bpm: tempo,
      key: tonal ? facts.key : null,
      midi: once(() => write(name, i)),
      audio: () => render(i),
    };
  });
}

/** The files of a demo pack, in the order its contents list shows them. */
export function packFiles(sound: PackSound, spec: SoundSpec): PackFile[] {
  const facts: PackFacts = { spec, key: keyName(spec.root, spec.mode) as MusicKey };
  // A MIDI file's preview is the loop of the same notes, rendered once for both.
  const drumLoop = byVariant((variant) => renderDrumLoop(spec, 2, variant));
  const topLoop = byVariant((variant) =>
    renderDrumLoop(spec, 2, variant + 10, ['hat', 'open-hat']),
  );
  const chords = byVariant((variant) => renderChordProgression(spec, variant));
  const bass = byVariant((variant) => renderBassLine(spec, variant));
  const melody = byVariant((variant) => renderMelody(spec, variant));
  const groove = byVariant(() => renderGroove(spec));
  const drumPattern = (name: string, variant: number) => drumsMidi(name, spec, 2, variant);
  const chordsFile = (name: string, variant: number) => chordsMidi(name, spec, variant);
  const bassFile = (name: string, variant: number) => bassMidi(name, spec, variant);
  const melodyFile = (name: string, variant: number) => melodyMidi(name, spec, variant);
  switch (sound) {
    case 'drums':
      return [
        ...loops(facts, 'Drum Loop', 6, false, drumLoop),
        ...loops(facts, 'Top Loop', 3, false, topLoop),
        ...oneShots(facts, 'Kick', 'kick', 6),
        ...oneShots(facts, 'Snare', 'snare', 4),
        ...oneShots(facts, 'Closed Hat', 'hat', 4),
        ...oneShots(facts, 'Open Hat', 'open-hat', 2),
        ...midiFiles(facts, 'Drum Pattern', 6, false, drumPattern, drumLoop),
      ];
    case 'keys':
      return [
        ...loops(facts, 'Chord Loop', 4, true, chords),
        ...loops(facts, 'Melody Loop', 2, true, melody),
        ...oneShots(facts, 'Chord', 'chord', 7, true),
        ...midiFiles(facts, 'Chords', 6, true, chordsFile, chords),
        ...midiFiles(facts, 'Melody', 6, true, melodyFile, melody),
      ];
    case 'bass':
      return [
        ...loops(facts, 'Bass Loop', 8, true, bass),
        ...oneShots(facts, 'Bass', 'bass-note', 8, true),
        ...midiFiles(facts, 'Bass Line', 8, true, bassFile, bass),
      ];
    case 'groove':
      return [
        ...loops(facts, 'Full Groove', 1, true, groove),
        ...loops(facts, 'Drum Loop', 3, false, drumLoop),
        ...loops(facts, 'Chord Loop', 3, true, chords),
        ...loops(facts, 'Bass Loop', 3, true, bass),
        ...oneShots(facts, 'Kick', 'kick', 3),
        ...oneShots(facts, 'Snare', 'snare', 2),
        ...oneShots(facts, 'Closed Hat', 'hat', 2),
        ...oneShots(facts, 'Chord', 'chord', 4, true),
        ...oneShots(facts, 'Bass', 'bass-note', 4, true),
        ...midiFiles(facts, 'Drum Pattern', 2, false, drumPattern, drumLoop),
        ...midiFiles(facts, 'Chords', 3, true, chordsFile, chords),
        ...midiFiles(facts, 'Bass Line', 3, true, bassFile, bass),
        ...midiFiles(facts, 'Melody', 2, true, melodyFile, melody),
      ];
  }
}
