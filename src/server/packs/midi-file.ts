/**
 * Reads a Standard MIDI File's notes and tempo: enough to play it as a preview and to say how
 * long it lasts. Notes are in seconds, through the file's tempo map.
 */

export interface MidiNote {
  start: number;
  seconds: number;
  note: number;
  velocity: number;
  /** 0–15; 9 is General MIDI's drum channel. */
  channel: number;
}

export interface MidiContents {
  notes: MidiNote[];
  /** The first tempo the file sets, in BPM; null when it sets none. */
  bpm: number | null;
  seconds: number;
}

export class MidiReadError extends Error {
  override name = 'MidiReadError';
}

interface TickNote {
  tick: number;
  ticks: number;
  note: number;
  velocity: number;
  channel: number;
}

const DEFAULT_TEMPO = 500_000; // µs per quarter note: 120 BPM

export function readMidi(bytes: Uint8Array): MidiContents {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 14 || ascii(0) !== 'MThd') throw new MidiReadError('Not a MIDI file');
  const headerLength = view.getUint32(4);
  const tracks = view.getUint16(10);
  const division = view.getUint16(12);
  // SMPTE time (the top bit) is rare in packs; it is read as 480 ticks per beat.
  const perBeat = division & 0x8000 ? 480 : division || 480;
  const tempos: { tick: number; tempo: number }[] = [];
  const notes: TickNote[] = [];
  let at = 8 + headerLength;
  let lastTick = 0;
  for (let t = 0; t < tracks && at + 8 <= bytes.length; t++) {
    if (ascii(at) !== 'MTrk') throw new MidiReadError('A MIDI track is damaged');
    const end = Math.min(bytes.length, at + 8 + view.getUint32(at + 4));
    at += 8;
    let tick = 0;
    let status = 0;
    const open = new Map<number, { tick: number; velocity: number }>();
    const varLen = () => {
      let value = 0;
      for (let i = 0; i < 4 && at < end; i++) {
        const byte = bytes[at++]!;
        value = (value << 7) | (byte & 0x7f);
        if (!(byte & 0x80)) break;
      }
      return value;
    };
    while (at < end) {
      tick += varLen();
      let byte = bytes[at]!;
      if (byte & 0x80) {
        at++;
        if (byte < 0xf0) status = byte;
      } else byte = status; // running status
      if (byte === 0xff) {
        const type = bytes[at++]!;
        const length = varLen();
        if (type === 0x51 && length === 3) {
          tempos.push({ tick, tempo: (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]! });
        }
        at += length;
        continue;
      }
      if (byte === 0xf0 || byte === 0xf7) {
        at += varLen();
        continue;
      }
      const kind = byte & 0xf0;
      const channel = byte & 0x0f;
      const data1 = bytes[at++] ?? 0;
      if (kind === 0xc0 || kind === 0xd0) continue;
      const data2 = bytes[at++] ?? 0;
      const id = channel * 128 + data1;
      if (kind === 0x90 && data2 > 0) {
        open.set(id, { tick, velocity: data2 / 127 });
      } else if (kind === 0x80 || kind === 0x90) {
        const started = open.get(id);
        if (started) {
          notes.push({
            tick: started.tick,
            ticks: tick - started.tick,
            note: data1,
            velocity: started.velocity,
            channel,
          });
          open.delete(id);
        }
      }
    }
    for (const [id, started] of open) {
      notes.push({
        tick: started.tick,
        ticks: tick - started.tick,
        note: id % 128,
        velocity: started.velocity,
        channel: Math.floor(id / 128),
      });
    }
    lastTick = Math.max(lastTick, tick);
    at = end;
  }
  tempos.sort((a, b) => a.tick - b.tick);
  const seconds = secondsOfTicks(tempos, perBeat);
  return {
    notes: notes
      .map((n) => ({
        start: seconds(n.tick),
        seconds: seconds(n.tick + n.ticks) - seconds(n.tick),
        note: n.note,
        velocity: n.velocity,
        channel: n.channel,
      }))
      .sort((a, b) => a.start - b.start),
    bpm: tempos[0] ? Math.round(60_000_000 / tempos[0].tempo) : null,
    seconds: seconds(lastTick),
  };
}

/** Ticks to seconds through the tempo changes. */
function secondsOfTicks(tempos: { tick: number; tempo: number }[], perBeat: number) {
  return (tick: number) => {
    let seconds = 0;
    let from = 0;
    let tempo = DEFAULT_TEMPO;
    for (const change of tempos) {
      if (change.tick >= tick) break;
      seconds += ((change.tick - from) * tempo) / perBeat / 1e6;
      from = change.tick;
      tempo = change.tempo;
    }
    return seconds + ((tick - from) * tempo) / perBeat / 1e6;
  };
}
