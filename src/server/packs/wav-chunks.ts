/**
 * Follows a WAV file's RIFF chunks as its bytes stream past, keeping only what a pack's
 * contents list needs: the format, the data's length, and the tempo and root note loop
 * software writes (an ACID `acid` chunk, a sampler's `smpl` chunk), wherever they sit.
 */
export interface WavFacts {
  sampleRate: number | null;
  blockAlign: number | null;
  dataBytes: number | null;
  /** ACID: the loop's tempo. */
  bpm: number | null;
  /** ACID or smpl: the MIDI note the sound is tuned to. */
  rootNote: number | null;
  /** ACID: marked a one-shot rather than a loop. */
  oneShot: boolean | null;
}

/** Chunks whose bodies are read; any other is skipped unread. */
const KEPT = new Set(['fmt ', 'acid', 'smpl']);
const MAX_KEPT_BYTES = 4096;

export class WavChunkReader {
  readonly facts: WavFacts = {
    sampleRate: null,
    blockAlign: null,
    dataBytes: null,
    bpm: null,
    rootNote: null,
    oneShot: null,
  };
  private header = Buffer.alloc(0);
  private skip = 12; // RIFF, size, WAVE
  private body: { id: string; size: number; bytes: Buffer[]; got: number } | null = null;

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      if (this.body) {
        const n = Math.min(this.body.size - this.body.got, chunk.length - at);
        this.body.bytes.push(chunk.subarray(at, at + n));
        this.body.got += n;
        at += n;
        if (this.body.got === this.body.size) {
          this.read(this.body.id, Buffer.concat(this.body.bytes));
          this.skip = this.body.size % 2; // chunks are padded to an even length
          this.body = null;
        }
        continue;
      }
      const n = Math.min(8 - this.header.length, chunk.length - at);
      this.header = Buffer.concat([this.header, chunk.subarray(at, at + n)]);
      at += n;
      if (this.header.length < 8) continue;
      const id = this.header.toString('latin1', 0, 4);
      const size = this.header.readUInt32LE(4);
      this.header = Buffer.alloc(0);
      if (id === 'data') this.facts.dataBytes = size;
      if (KEPT.has(id) && size <= MAX_KEPT_BYTES && size > 0) {
        this.body = { id, size, bytes: [], got: 0 };
      } else this.skip = size + (size % 2);
    }
  }

  private read(id: string, body: Buffer) {
    if (id === 'fmt ' && body.length >= 16) {
      this.facts.sampleRate = body.readUInt32LE(4);
      this.facts.blockAlign = body.readUInt16LE(12);
    } else if (id === 'acid' && body.length >= 24) {
      const flags = body.readUInt32LE(0);
      this.facts.oneShot = (flags & 0x01) !== 0;
      if (flags & 0x02) this.facts.rootNote = body.readUInt16LE(4);
      const tempo = body.readFloatLE(20);
      if (Number.isFinite(tempo) && tempo > 0) this.facts.bpm = Math.round(tempo);
    } else if (id === 'smpl' && body.length >= 16) {
      this.facts.rootNote ??= body.readUInt32LE(12);
    }
  }

  /** The length the format and data chunks state, in ms; null until both were seen. */
  durationMs(): number | null {
    const { sampleRate, blockAlign, dataBytes } = this.facts;
    if (!sampleRate || !blockAlign || dataBytes === null) return null;
    return Math.round((dataBytes / blockAlign / sampleRate) * 1000);
  }
}
