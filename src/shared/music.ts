/**
 * The musical facts a product carries, as the store names them: the words the
 * filters, the cards, the Specifications tab, the search's parser and the admin's editor share.
 * Stored as typed columns on products (db/catalogue-schema.ts); zod-free, so the admin's pages
 * and the shopper's first page can import it (music-schema.ts holds the zod schema).
 */

export const noteNames = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'] as const;
export type NoteName = (typeof noteNames)[number];

export const keyModes = ['major', 'minor'] as const;
export type KeyMode = (typeof keyModes)[number];

/** A key as the store writes and stores it: 'A minor', 'F# major', 'Eb minor'. */
export type MusicKey = `${NoteName} ${KeyMode}`;

/** The 24 keys, C major first, in the order of the key filter. */
export const musicKeys: readonly MusicKey[] = keyModes.flatMap((mode) =>
  noteNames.map((note): MusicKey => `${note} ${mode}`),
);

export function isMusicKey(value: unknown): value is MusicKey {
  return typeof value === 'string' && (musicKeys as readonly string[]).includes(value);
}

/** 'A minor' → 'Am', 'F# major' → 'F#': how a card writes a key in little space. */
export function shortKeyName(key: MusicKey): string {
  const [note, mode] = key.split(' ');
  return mode === 'minor' ? `${note}m` : (note ?? key);
}

/** The lowest BPM a product may state, and the highest. */
export const BPM_LIMITS = { min: 20, max: 999 } as const;

/** A vocabulary: the value stored (a slug), and the label shown. */
function vocabulary<const T extends Record<string, string>>(labels: T) {
  const values = Object.keys(labels) as (keyof T & string)[];
  return { values, labels } as const;
}

export const genres = vocabulary({
  'hip-hop': 'Hip hop',
  trap: 'Trap',
  'boom-bap': 'Boom bap',
  'lo-fi': 'Lo-fi',
  rnb: 'R&B',
  soul: 'Soul',
  funk: 'Funk',
  jazz: 'Jazz',
  pop: 'Pop',
  house: 'House',
  'deep-house': 'Deep house',
  techno: 'Techno',
  'drum-and-bass': 'Drum & bass',
  dubstep: 'Dubstep',
  edm: 'EDM',
  afrobeats: 'Afrobeats',
  reggaeton: 'Reggaeton',
  synthwave: 'Synthwave',
  ambient: 'Ambient',
  cinematic: 'Cinematic',
  rock: 'Rock',
});
export type Genre = (typeof genres.values)[number];

export const instruments = vocabulary({
  drums: 'Drums',
  '808': '808',
  percussion: 'Percussion',
  bass: 'Bass',
  keys: 'Keys',
  piano: 'Piano',
  synth: 'Synth',
  pads: 'Pads',
  strings: 'Strings',
  guitar: 'Guitar',
  brass: 'Brass',
  vocals: 'Vocals',
  fx: 'FX',
});
export type Instrument = (typeof instruments.values)[number];

export const formats = vocabulary({
  wav: 'WAV 24-bit/44.1 kHz',
  midi: 'MIDI',
  vst3: 'VST3',
  au: 'AU',
  aax: 'AAX',
  clap: 'CLAP',
});
export type Format = (typeof formats.values)[number];

export const systems = vocabulary({
  macos: 'macOS',
  windows: 'Windows',
  linux: 'Linux',
  ios: 'iOS',
});
export type OperatingSystem = (typeof systems.values)[number];

export const daws = vocabulary({
  'ableton-live': 'Ableton Live',
  'fl-studio': 'FL Studio',
  'logic-pro': 'Logic Pro',
  'pro-tools': 'Pro Tools',
  cubase: 'Cubase',
  'bitwig-studio': 'Bitwig Studio',
  'studio-one': 'Studio One',
  reaper: 'REAPER',
  garageband: 'GarageBand',
});
export type Daw = (typeof daws.values)[number];

/** A product's musical facts, as the API shows them (every product has them; most are empty). */
export interface MusicalFacts {
  /** The tempo, or the lowest of a range; null when tempo does not apply (a plugin). */
  bpmMin: number | null;
  /** The highest of a range; equal to bpmMin for one tempo; null with it. */
  bpmMax: number | null;
  key: MusicKey | null;
  genres: Genre[];
  instruments: Instrument[];
  formats: Format[];
  systems: OperatingSystem[];
  daws: Daw[];
}

export const NO_MUSICAL_FACTS: MusicalFacts = {
  bpmMin: null,
  bpmMax: null,
  key: null,
  genres: [],
  instruments: [],
  formats: [],
  systems: [],
  daws: [],
};

/** '90 BPM', or '90–120 BPM' for a range; null when the product states no tempo. */
export function tempoLabel(facts: Pick<MusicalFacts, 'bpmMin' | 'bpmMax'>): string | null {
  if (facts.bpmMin === null) return null;
  const high = facts.bpmMax ?? facts.bpmMin;
  return high > facts.bpmMin ? `${facts.bpmMin}–${high} BPM` : `${facts.bpmMin} BPM`;
}

/** The labels of `values` in a vocabulary, in the order given. */
export function labelsOf<T extends string>(
  vocabularyLabels: Record<T, string>,
  values: readonly T[],
): string[] {
  return values.map((value) => vocabularyLabels[value] ?? value);
}

/** What a pack item is: a loop, a one-shot or a MIDI file. */
export const packItemKinds = ['loop', 'one-shot', 'midi'] as const;
export type PackItemKind = (typeof packItemKinds)[number];
export const packItemKindLabels: Record<PackItemKind, string> = {
  loop: 'Loop',
  'one-shot': 'One-shot',
  midi: 'MIDI',
};

/** One item of a sample or MIDI pack, as the product page lists it. */
export interface PackItem {
  id: string;
  name: string;
  kind: PackItemKind;
  bpm: number | null;
  key: MusicKey | null;
  durationMs: number;
  /** A short audio preview of the item; a MIDI item has one rendered from its notes. */
  previewUrl: string | null;
  /** The preview's waveform (#shared/waveform), or null when it has none. */
  previewPeaks: string | null;
}
