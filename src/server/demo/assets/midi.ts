import MidiWriter from 'midi-writer-js';
import type { SoundSpec } from './music-theory';
import {
  bassPattern,
  chordPattern,
  drumPattern,
  melodyPattern,
  type DrumHit,
  type NoteGroup,
} from './patterns';

const TICKS_PER_BEAT = 128; // midi-writer-js's default resolution
const DRUM_CHANNEL = 10;

/** General MIDI percussion keys, so the pattern plays on any drum rack's default map. */
const GM_DRUMS: Record<DrumHit['voice'], number> = { kick: 36, snare: 38, hat: 42, 'open-hat': 46 };

/** General MIDI programs: electric piano, synth bass, square lead. */
const PROGRAMS = { chords: 4, bass: 38, melody: 80 } as const;

function toTicks(beats: number): number {
  return Math.round(beats * TICKS_PER_BEAT);
}

/** Hits on the same tick become one chord, which midi-writer-js's sequential writer needs. */
function mergeSimultaneous(groups: readonly NoteGroup[]): NoteGroup[] {
  const byTick = new Map<number, NoteGroup>();
  for (const group of [...groups].sort((a, b) => a.beat - b.beat)) {
    const tick = toTicks(group.beat);
    const existing = byTick.get(tick);
    if (existing) existing.notes = [...new Set([...existing.notes, ...group.notes])];
    else byTick.set(tick, { ...group, notes: [...group.notes] });
  }
  return [...byTick.values()];
}

function buildMidi(
  name: string,
  spec: SoundSpec,
  groups: readonly NoteGroup[],
  channel: number,
  program?: number,
): Uint8Array {
  const track = new MidiWriter.Track();
  track.setTempo(spec.tempo);
  track.setTimeSignature(4, 4, 24, 8);
  track.addTrackName(name);
  if (program !== undefined)
    track.addEvent(new MidiWriter.ProgramChangeEvent({ instrument: program, channel }));
  const merged = mergeSimultaneous(groups);
  let cursor = 0;
  merged.forEach((group, i) => {
    const start = toTicks(group.beat);
    const next = merged[i + 1];
    // Notes are written one after another, so a note must end before the next one starts.
    const end = Math.min(
      start + toTicks(group.beats),
      next ? toTicks(next.beat) : Number.POSITIVE_INFINITY,
    );
    const duration = Math.max(1, end - start);
    track.addEvent(
      new MidiWriter.NoteEvent({
        pitch: group.notes,
        duration: `T${duration}`,
        wait: `T${Math.max(0, start - cursor)}`,
        velocity: Math.max(1, Math.min(100, Math.round(group.velocity * 100))),
        channel,
      }),
    );
    cursor = start + duration;
  });
  return new MidiWriter.Writer(track).buildFile();
}

export function chordsMidi(name: string, spec: SoundSpec, variant = 0): Uint8Array {
  return buildMidi(name, spec, chordPattern(spec, variant), 1, PROGRAMS.chords);
}

export function melodyMidi(name: string, spec: SoundSpec, variant = 0): Uint8Array {
  return buildMidi(name, spec, melodyPattern(spec, variant), 1, PROGRAMS.melody);
}

export function bassMidi(name: string, spec: SoundSpec, variant = 0): Uint8Array {
  return buildMidi(name, spec, bassPattern(spec, variant), 1, PROGRAMS.bass);
}

export function drumsMidi(name: string, spec: SoundSpec, bars: number, variant = 0): Uint8Array {
  const groups = drumPattern(spec, bars, variant).map((hit) => ({
    beat: hit.beat,
    beats: 0.25,
    notes: [GM_DRUMS[hit.voice]],
    velocity: hit.velocity,
  }));
  return buildMidi(name, spec, groups, DRUM_CHANNEL);
}
