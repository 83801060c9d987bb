import { describe, expect, it } from 'vitest';
import { bassMidi, chordsMidi, drumsMidi, melodyMidi } from './midi';
import type { SoundSpec } from './music-theory';

interface Chunk {
  type: string;
  data: Uint8Array;
}

/** Splits a Standard MIDI File into its chunks, failing on a length that runs past the end. */
function chunks(file: Uint8Array): Chunk[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const found: Chunk[] = [];
  let offset = 0;
  while (offset < file.length) {
    const type = String.fromCharCode(...file.subarray(offset, offset + 4));
    const length = view.getUint32(offset + 4);
    if (offset + 8 + length > file.length) throw new Error(`chunk ${type} overruns the file`);
    found.push({ type, data: file.subarray(offset + 8, offset + 8 + length) });
    offset += 8 + length;
  }
  return found;
}

/** Note-on status bytes for a channel (1-based), ignoring running status. */
function countNoteOns(track: Uint8Array, channel: number): number {
  return track.filter((byte) => byte === 0x90 + channel - 1).length;
}

const spec: SoundSpec = { tempo: 90, root: 48, mode: 'major', seed: 5 };

describe('MIDI files', () => {
  const files = {
    chords: chordsMidi('Chords', spec),
    melody: melodyMidi('Melody', spec),
    bass: bassMidi('Bass', spec),
    drums: drumsMidi('Drums', spec, 2),
  };

  for (const [name, file] of Object.entries(files)) {
    it(`${name}: starts with an MThd header followed by well-formed MTrk chunks`, () => {
      expect(String.fromCharCode(...file.subarray(0, 4))).toBe('MThd');
      const [header, ...tracks] = chunks(file);
      expect(header?.data.length).toBe(6);
      expect(tracks.length).toBeGreaterThanOrEqual(1);
      expect(tracks.every((track) => track.type === 'MTrk')).toBe(true);
      const trackCount = new DataView(file.buffer, file.byteOffset).getUint16(10);
      expect(trackCount).toBe(tracks.length);
    });
  }

  it('writes the tempo as a set-tempo meta event', () => {
    const track = chunks(files.chords)[1]?.data ?? new Uint8Array();
    const at = track.findIndex((byte, i) => byte === 0xff && track[i + 1] === 0x51);
    expect(at).toBeGreaterThanOrEqual(0);
    const microsPerBeat =
      ((track[at + 3] ?? 0) << 16) | ((track[at + 4] ?? 0) << 8) | (track[at + 5] ?? 0);
    expect(Math.round(60_000_000 / microsPerBeat)).toBe(spec.tempo);
  });

  it('puts drums on the General MIDI percussion channel and pitched parts elsewhere', () => {
    expect(countNoteOns(chunks(files.drums)[1]?.data ?? new Uint8Array(), 10)).toBeGreaterThan(4);
    expect(countNoteOns(chunks(files.chords)[1]?.data ?? new Uint8Array(), 1)).toBeGreaterThan(0);
  });
});
