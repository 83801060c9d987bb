import { genres, shortKeyName, systems, tempoLabel, type Format, type MusicalFacts } from './music';

/** Formats as a card has room for them: "WAV", not the whole "WAV 24-bit/44.1 kHz". */
const shortFormats: Record<Format, string> = {
  wav: 'WAV',
  midi: 'MIDI',
  vst3: 'VST3',
  au: 'AU',
  aax: 'AAX',
  clap: 'CLAP',
};

/**
 * A product's musical facts in one short line for its card (issue 19.4): "88 BPM · Dm · Soul"
 * for a pack, "VST3 · AU · AAX · macOS · Windows" for a plugin, "macOS · Windows · iOS" for an
 * app; '' when it states none. Tempo, key and the first genre come first: what a producer
 * scans a grid of sounds for; formats and systems after them. The card truncates the rest.
 */
export function musicSummary(music: MusicalFacts): string {
  const tempo = tempoLabel(music);
  const [genre] = music.genres;
  return [
    ...(tempo ? [tempo] : []),
    ...(music.key ? [shortKeyName(music.key)] : []),
    ...(genre ? [genres.labels[genre]] : []),
    ...music.formats.map((format) => shortFormats[format]),
    ...music.systems.map((system) => systems.labels[system]),
  ].join(' · ');
}
