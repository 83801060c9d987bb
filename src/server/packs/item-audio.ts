import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AudioDecodeError,
  audioFormatOf,
  decoderFor,
  type StreamDecoder,
} from '../audio/audio-peaks';
import { PACK_PREVIEW_RATE, PACK_PREVIEW_SECONDS } from '../demo/pack-previews';
import { readMidi } from './midi-file';
import { renderMidiPreview } from './midi-preview';
import { WavChunkReader, type WavFacts } from './wav-chunks';

/** What an item's bytes say: its length, its preview (11 kHz mono, ≤ 6 s), and tags. */
export interface ItemSound {
  durationMs: number;
  preview: Float32Array;
  bpm: number | null;
  rootNote: number | null;
  oneShot: boolean | null;
}

/** A decoder step's bytes: small enough that one step never holds the server for long. */
const STEP_BYTES = 64 * 1024;
/** A MIDI file longer than this is not a pattern from a pack. */
const MAX_MIDI_BYTES = 4 * 1024 * 1024;

/** Mono audio at its own rate, kept up to the preview's length, then box-averaged down. */
class PreviewCollector {
  private parts: Float32Array[] = [];
  private kept = 0;
  frames = 0;
  rate = 0;

  get full(): boolean {
    return this.rate > 0 && this.kept >= this.rate * PACK_PREVIEW_SECONDS;
  }

  add(channels: Float32Array[], rate: number | undefined) {
    const frames = channels[0]?.length ?? 0;
    if (frames === 0) return;
    if (rate) this.rate = rate;
    this.frames += frames;
    if (this.full || !this.rate) return;
    const take = Math.min(frames, this.rate * PACK_PREVIEW_SECONDS - this.kept);
    const mono = new Float32Array(take);
    for (let i = 0; i < take; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i] ?? 0;
      mono[i] = sum / channels.length;
    }
    this.parts.push(mono);
    this.kept += take;
  }

  preview(): Float32Array {
    const ratio = this.rate / PACK_PREVIEW_RATE;
    const out = new Float32Array(Math.floor(this.kept / ratio));
    let part = 0;
    let offset = 0;
    let source = 0;
    for (let i = 0; i < out.length; i++) {
      const end = Math.floor((i + 1) * ratio);
      let sum = 0;
      let count = 0;
      for (; source < end; source++) {
        while (part < this.parts.length && offset >= this.parts[part]!.length) {
          part++;
          offset = 0;
        }
        const values = this.parts[part];
        if (!values) break;
        sum += values[offset++]!;
        count++;
      }
      out[i] = count ? sum / count : 0;
    }
    return out;
  }
}

/**
 * An audio item's sound from its bytes as they stream out of the ZIP. WAV: the decoder is fed
 * until it has six seconds, the rest only walks the chunks (length, ACID, smpl). MP3, FLAC and
 * Ogg: decoded to the end to learn the length, a step at a time with a turn between steps.
 */
export async function soundOfAudio(bytes: AsyncIterable<Buffer>): Promise<ItemSound> {
  const collector = new PreviewCollector();
  const wav = new WavChunkReader();
  let format: ReturnType<typeof audioFormatOf> | undefined;
  let decoder: StreamDecoder | undefined;
  let head: Buffer[] = [];
  let headBytes = 0;
  const feed = (chunk: Buffer) => {
    for (let at = 0; at < chunk.length; at += STEP_BYTES) {
      if (format === 'WAV' && collector.full) return;
      const step = chunk.subarray(at, at + STEP_BYTES);
      const out = decoder!.decode(new Uint8Array(step.buffer, step.byteOffset, step.length));
      collector.add(out.channelData, out.sampleRate);
    }
  };
  try {
    for await (const chunk of bytes) {
      if (format === undefined) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes < 16) continue;
        const first = Buffer.concat(head);
        head = [];
        format = audioFormatOf(first);
        if (!format)
          throw new AudioDecodeError('The file is not WAV, AIFF, MP3, FLAC or Ogg Vorbis audio.');
        decoder = await decoderFor(format);
        if (format === 'WAV') wav.push(first);
        feed(first);
      } else {
        if (format === 'WAV') wav.push(chunk);
        feed(chunk);
      }
      await nextTurn();
    }
    if (format === undefined) {
      throw new AudioDecodeError('The file is too short to be audio.');
    }
    if (decoder?.flush && !(format === 'WAV' && collector.full)) {
      const out = decoder.flush();
      collector.add(out.channelData, out.sampleRate);
    }
  } finally {
    decoder?.free();
  }
  if (!collector.rate) throw new AudioDecodeError(`The ${format} file holds no audio.`);
  const facts: Partial<WavFacts> = format === 'WAV' ? wav.facts : {};
  const durationMs =
    (format === 'WAV' ? wav.durationMs() : null) ??
    Math.round((collector.frames / collector.rate) * 1000);
  return {
    durationMs,
    preview: collector.preview(),
    bpm: facts.bpm ?? null,
    rootNote: facts.rootNote ?? null,
    oneShot: facts.oneShot ?? null,
  };
}

/** A MIDI item: its notes played by the demo's voices, its length and tempo from the file. */
export async function soundOfMidi(bytes: AsyncIterable<Buffer>): Promise<ItemSound> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of bytes) {
    size += chunk.length;
    if (size > MAX_MIDI_BYTES) throw new AudioDecodeError('The MIDI file is too long for a pack.');
    parts.push(chunk);
  }
  const midi = readMidi(Buffer.concat(parts));
  await nextTurn();
  return {
    durationMs: Math.round(midi.seconds * 1000),
    preview: renderMidiPreview(midi),
    bpm: midi.bpm,
    rootNote: null,
    oneShot: null,
  };
}
