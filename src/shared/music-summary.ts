import { formats, genres, shortKeyName, systems, tempoLabel, type MusicalFacts } from './music';

/**
 * A product's musical facts in one short line for its card: "88 BPM · Dm · Soul"
 * for a pack, "VST3 · AU · AAX · macOS · Windows" for a plugin, "macOS · Windows · iOS" for an
 * app; '' when it states none. Tempo, key and the first genre come first: what a producer
 * scans a grid of sounds for; formats and systems after them. The card truncates the rest.
 */
export function musicSummary(music: MusicalFacts): string {
  return [
    tempoLabel(music),
    music.key && shortKeyName(music.key),
    music.genres[0] && genres.labels[music.genres[0]],
    // A format's first word: "WAV", not the whole "WAV 24-bit/44.1 kHz".
    ...music.formats.map((format) => formats.labels[format].split(' ')[0]),
    ...music.systems.map((system) => systems.labels[system]),
  ]
    .filter(Boolean)
    .join(' · ');
}
