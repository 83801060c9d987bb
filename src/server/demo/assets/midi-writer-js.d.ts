/**
 * midi-writer-js ships typings, but its package.json "exports" map has no "types" entry, so
 * TypeScript's "bundler" resolution cannot find them. This declares the part we use.
 */
declare module 'midi-writer-js' {
  /** The package's default export: an object of event and writer classes. */
  namespace MidiWriter {
    interface NoteEventFields {
      /** MIDI note numbers or names such as 'C4'; several play as a chord. */
      pitch: number | string | (number | string)[];
      /** '4' is a quarter note; 'T64' is an explicit tick count. */
      duration?: string;
      /** Rest before the note, in the same notation as duration. */
      wait?: string;
      /** 1–100 */
      velocity?: number;
      /** 1–16; 10 is percussion. */
      channel?: number;
      sequential?: boolean;
      repeat?: number;
    }

    class NoteEvent {
      constructor(fields: NoteEventFields);
    }

    class ProgramChangeEvent {
      constructor(fields: { instrument: number; channel?: number; delta?: number });
    }

    class Track {
      addEvent(events: NoteEvent | ProgramChangeEvent | (NoteEvent | ProgramChangeEvent)[]): Track;
      setTempo(bpm: number, tick?: number): Track;
      setTimeSignature(
        numerator: number,
        denominator: number,
        midiClocksPerTick: number,
        notesPerMidiClock: number,
      ): Track;
      addTrackName(text: string): Track;
    }

    class Writer {
      constructor(tracks: Track | Track[], options?: { ticksPerBeat?: number; middleC?: string });
      buildFile(): Uint8Array;
    }
  }
  export default MidiWriter;
}
