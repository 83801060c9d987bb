import {
  BPM_LIMITS,
  genres,
  instruments,
  noteNames,
  type Genre,
  type Instrument,
  type MusicKey,
  type NoteName,
} from './music';

/**
 * Search text read as a producer types it: "90 bpm hip hop", "trap 808", "F#m
 * pads". Tempo, key, genre and instrument words become filters; every other word stays text for
 * the store's word search (with its typo tolerance). Zod-free: the server's search and the tests
 * import it, and nothing here needs the browser.
 *
 * How the filters match a product (server/catalogue/music-filter.ts applies them):
 * - **Tempo**: a typed tempo matches a product whose BPM (or BPM range) comes within
 *   {@link BPM_TOLERANCE} of it: "90 bpm" finds a loop at 88 or a pack of 92–120, since a
 *   producer nudges a loop a few BPM without hearing it; "90-100 bpm" widens the same way
 *   (87–103). Products without a tempo (a plugin) never match a tempo.
 * - **Key**: the key exactly, spelled as the store stores it ("Db" is read as C#, "D#m" as
 *   Eb minor); a note with no mode is major ("Bb" → Bb major).
 * - **Genres and instruments**: each word typed must be met, by the product's facts or, as a
 *   plain search would, by its text: "drum compressor" still finds a compressor that names
 *   drums but has no instruments of its own.
 *
 * Ambiguity: a lone note letter is text ("a sample pack": "a" is an article, "plan b" a name);
 * it is a key with a mode ("a minor", "Am", "B major"), an accidental ("Bb", "F#"), or after
 * "key" ("key of c"). A number is a tempo only next to "bpm" ("128 bpm", "128bpm", "bpm 128"),
 * and only from 20 to 999; "808" is an instrument.
 */

/** How far from a typed tempo a product's BPM may be and still match (see above). */
export const BPM_TOLERANCE = 3;

/** A tempo or tempo range as typed: min = max for one tempo. */
export interface TempoQuery {
  min: number;
  max: number;
}

/** What the search understood of the text besides words. */
export interface UnderstoodMusic {
  bpm: TempoQuery | null;
  key: MusicKey | null;
  genres: Genre[];
  instruments: Instrument[];
}

export interface MusicQuery extends UnderstoodMusic {
  /** The words left for the text search, as typed (lower case); '' when none. */
  text: string;
  /** Per genre and instrument understood, the words typed for it (for the text alternative). */
  phrases: Partial<Record<Genre | Instrument, string>>;
}

/** Whether a search understood anything musical at all. */
export function understoodAnything(music: UnderstoodMusic): boolean {
  return (
    music.bpm !== null ||
    music.key !== null ||
    music.genres.length > 0 ||
    music.instruments.length > 0
  );
}

/** The BPM range a tempo query matches: the typed range widened by BPM_TOLERANCE. */
export function tempoWindow(bpm: TempoQuery): { low: number; high: number } {
  return { low: bpm.min - BPM_TOLERANCE, high: bpm.max + BPM_TOLERANCE };
}

type Phrase = { kind: 'genre'; value: Genre } | { kind: 'instrument'; value: Instrument };

/** Other words producers use for a genre or an instrument, besides its slug and its label. */
const genreAliases: Partial<Record<Genre, string[]>> = {
  'hip-hop': ['hiphop'],
  'boom-bap': ['boombap'],
  'lo-fi': ['lofi'],
  rnb: ['r n b', 'randb'],
  'drum-and-bass': ['dnb', 'd & b', 'drum n bass', "drum 'n' bass", 'drumandbass'],
  afrobeats: ['afrobeat', 'afro beats'],
  synthwave: ['synth wave', 'retrowave'],
  edm: ['electronic dance music'],
};

const instrumentAliases: Partial<Record<Instrument, string[]>> = {
  drums: ['drum'],
  '808': ['808s'],
  percussion: ['perc'],
  piano: ['pianos'],
  synth: ['synths'],
  pads: ['pad'],
  guitar: ['guitars'],
  vocals: ['vocal', 'vox'],
  fx: ['sfx'],
};

/** Lower case; words joined by "-" apart; "&" its own word; a range "90 - 100" as "90-100". */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[–—]/g, '-')
    .replace(/(\d)\s*-\s*(\d)/g, '$1-$2')
    .replace(/([\p{L}])-(?=[\p{L}])/gu, '$1 ')
    .replace(/&/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
}

function tokens(text: string): string[] {
  const normal = normalise(text);
  return normal === '' ? [] : normal.split(' ');
}

/** Every way of writing each genre and instrument, as words, longest first. */
const phrases: { words: string[]; phrase: Phrase }[] = (() => {
  const all: { words: string[]; phrase: Phrase }[] = [];
  const add = (written: string, phrase: Phrase) => {
    const normal = normalise(written);
    const forms = [normal, normal.replace(/ and /g, ' & '), normal.replace(/ & /g, ' and ')];
    for (const form of forms) {
      const words = tokens(form);
      const key = words.join(' ');
      if (!all.some((entry) => entry.words.join(' ') === key)) all.push({ words, phrase });
    }
  };
  for (const value of genres.values) {
    const phrase: Phrase = { kind: 'genre', value };
    for (const form of [value, genres.labels[value], ...(genreAliases[value] ?? [])]) {
      add(form, phrase);
    }
  }
  for (const value of instruments.values) {
    const phrase: Phrase = { kind: 'instrument', value };
    for (const form of [value, instruments.labels[value], ...(instrumentAliases[value] ?? [])]) {
      add(form, phrase);
    }
  }
  return all.sort((a, b) => b.words.length - a.words.length);
})();

const NUMBER_RANGE = /^(\d{2,3})(?:-(\d{2,3}))?$/;

function tempoOf(text: string): TempoQuery | null {
  const match = NUMBER_RANGE.exec(text);
  if (!match) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  const min = Math.min(first, second);
  const max = Math.max(first, second);
  if (min < BPM_LIMITS.min || max > BPM_LIMITS.max) return null;
  return { min, max };
}

/** A tempo at `at`: "128bpm", "128 bpm", "bpm 128", "90-100 bpm"; how many words it took. */
function readTempo(words: string[], at: number): { bpm: TempoQuery; used: number } | null {
  const word = words[at] ?? '';
  const next = words[at + 1] ?? '';
  const joined = /^(.+?)bpm$/.exec(word);
  if (joined?.[1]) {
    const bpm = tempoOf(joined[1]);
    return bpm ? { bpm, used: 1 } : null;
  }
  if (next === 'bpm') {
    const bpm = tempoOf(word);
    if (bpm) return { bpm, used: 2 };
  }
  if (word === 'bpm') {
    const bpm = tempoOf(next);
    if (bpm) return { bpm, used: 2 };
  }
  return null;
}

const accidentals: Record<string, number> = {
  '': 0,
  '#': 1,
  '♯': 1,
  sharp: 1,
  b: -1,
  '♭': -1,
  flat: -1,
};
const modeWords: Record<string, 'major' | 'minor'> = {
  m: 'minor',
  min: 'minor',
  minor: 'minor',
  maj: 'major',
  major: 'major',
};
/** The semitone of each natural note from C. */
const naturals: Record<string, number> = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 };
const NOTE = /^([a-g])(#|♯|b|♭)?(m|min|minor|maj|major)?$/;

function keyOf(letter: string, accidental: string, mode: 'major' | 'minor'): MusicKey {
  const semitone = ((naturals[letter] ?? 0) + (accidentals[accidental] ?? 0) + 12) % 12;
  const note = noteNames[semitone] as NoteName;
  return `${note} ${mode}`;
}

/**
 * A key at `at`: "Am", "F#m", "C# major", "Bb", "ebm", "a minor", "f sharp minor", "key of c";
 * how many words it took. A lone letter is a key only after "key" (see the module's note).
 */
function readKey(words: string[], at: number): { key: MusicKey; used: number } | null {
  let index = at;
  let afterKeyWord = false;
  if (words[index] === 'key') {
    afterKeyWord = true;
    index += 1;
    if (words[index] === 'of') index += 1;
  }
  const match = NOTE.exec(words[index] ?? '');
  if (!match) return null;
  const letter = match[1] ?? '';
  let accidental = match[2] ?? '';
  let mode = match[3] === undefined ? undefined : modeWords[match[3]];
  index += 1;
  if (accidental === '' && mode === undefined) {
    const spelled = words[index] ?? '';
    if (spelled === 'sharp' || spelled === 'flat') {
      accidental = spelled;
      index += 1;
    }
  }
  if (mode === undefined) {
    const written = modeWords[words[index] ?? ''];
    // "m" alone after a note is too easily something else; "a min", "c# major" are keys.
    if (written && words[index] !== 'm') {
      mode = written;
      index += 1;
    }
  }
  if (!afterKeyWord && accidental === '' && mode === undefined) return null;
  return { key: keyOf(letter, accidental, mode ?? 'major'), used: index - at };
}

function readPhrase(words: string[], at: number): { phrase: Phrase; used: number } | null {
  for (const entry of phrases) {
    if (entry.words.every((word, i) => words[at + i] === word)) {
      return { phrase: entry.phrase, used: entry.words.length };
    }
  }
  return null;
}

/** Reads search text into its musical filters and the words left for the text search. */
export function parseMusicQuery(text: string): MusicQuery {
  const words = tokens(text);
  const result: MusicQuery = {
    text: '',
    bpm: null,
    key: null,
    genres: [],
    instruments: [],
    phrases: {},
  };
  const rest: string[] = [];
  let at = 0;
  while (at < words.length) {
    const tempo = result.bpm === null ? readTempo(words, at) : null;
    if (tempo) {
      result.bpm = tempo.bpm;
      at += tempo.used;
      continue;
    }
    const found = readPhrase(words, at);
    if (found) {
      const typed = words.slice(at, at + found.used).join(' ');
      const { phrase } = found;
      if (phrase.kind === 'genre' && !result.genres.includes(phrase.value)) {
        result.genres.push(phrase.value);
        result.phrases[phrase.value] = typed;
      } else if (phrase.kind === 'instrument' && !result.instruments.includes(phrase.value)) {
        result.instruments.push(phrase.value);
        result.phrases[phrase.value] = typed;
      }
      at += found.used;
      continue;
    }
    const key = result.key === null ? readKey(words, at) : null;
    if (key) {
      result.key = key.key;
      at += key.used;
      continue;
    }
    rest.push(words[at] ?? '');
    at += 1;
  }
  result.text = rest.join(' ');
  return result;
}
