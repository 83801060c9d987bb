import { createRng } from '../demo/assets/prng';
import {
  addBassNote,
  addChord,
  addHat,
  addKick,
  addSnare,
  lowPass,
  normalise,
} from '../demo/assets/synth-voices';
import { SAMPLE_RATE } from '../demo/assets/wav';
import { PACK_PREVIEW_SECONDS, previewSamples } from '../demo/pack-previews';
import type { MidiContents, MidiNote } from './midi-file';

const DRUM_CHANNEL = 9;
/** General MIDI's percussion keys the demo's drum voices play. */
const KICKS = new Set([35, 36]);
const SNARES = new Set([37, 38, 39, 40]);
const OPEN_HATS = new Set([46, 49, 51, 55, 57, 59]);

function playDrum(out: Float32Array, hit: MidiNote, rng: () => number) {
  const start = Math.round(hit.start * SAMPLE_RATE);
  if (KICKS.has(hit.note)) addKick(out, start, hit.velocity);
  else if (SNARES.has(hit.note)) addSnare(out, start, hit.velocity, rng);
  else addHat(out, start, hit.velocity, rng, OPEN_HATS.has(hit.note));
}

/**
 * A MIDI file's first six seconds played by the demo packs' synth voices (demo/assets): drums
 * on channel 10, low notes on the bass voice, the rest on the chord voice, at the preview rate.
 */
export function renderMidiPreview(midi: MidiContents): Float32Array {
  // Rendered at the demo's rate, then halved to the preview's as the demo's previews are.
  const seconds = Math.min(midi.seconds, PACK_PREVIEW_SECONDS);
  const out = new Float32Array(Math.max(1, Math.round(seconds * SAMPLE_RATE)));
  const tones = new Float32Array(out.length);
  const rng = createRng(0x5eed);
  for (const note of midi.notes) {
    if (note.start >= seconds) break;
    const start = Math.round(note.start * SAMPLE_RATE);
    const length = Math.max(1, Math.round(note.seconds * SAMPLE_RATE));
    if (note.channel === DRUM_CHANNEL) playDrum(out, note, rng);
    else if (note.note < 48) addBassNote(out, start, length, note.note, note.velocity, 0.6);
    else addChord(tones, start, length, [note.note], note.velocity * 0.6);
  }
  lowPass(tones, 2400, 1);
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (tones[i] ?? 0);
  return previewSamples(normalise(out));
}
