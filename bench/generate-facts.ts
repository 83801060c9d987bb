import { pick, type Rng } from '../src/server/demo/assets/prng';
import {
  daws,
  genres,
  instruments,
  musicKeys,
  type Daw,
  type Format,
  type Genre,
  type Instrument,
  type MusicKey,
  type OperatingSystem,
} from '../src/shared/music';
import type { BenchCategory } from './catalogue-words';

/** The musical facts of a bench product, as the products table's columns hold them. */
export interface BenchFacts {
  bpm_min: number | null;
  bpm_max: number | null;
  music_key: MusicKey | null;
  genres: Genre[];
  instruments: Instrument[];
  formats: Format[];
  systems: OperatingSystem[];
  daws: Daw[];
  sales_count: number;
}

function some<T>(rng: Rng, values: readonly T[], min: number, max: number): T[] {
  const count = min + Math.floor(rng() * (max - min + 1));
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, values.length)) chosen.add(pick(rng, values));
  return [...chosen];
}

/** The genre a name speaks of ('Lo-Fi' → 'lo-fi'), if the store's vocabulary has it. */
function genreOfName(name: string): Genre | undefined {
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return genres.values.find((genre) => slug(name).includes(genre));
}

const DRUMS: Instrument[] = ['drums', '808', 'percussion'];
const MELODIC: Instrument[] = ['bass', 'keys', 'piano', 'synth', 'pads', 'strings', 'guitar'];
const PLUGIN_FORMATS: Format[] = ['vst3', 'au', 'aax', 'clap'];

/**
 * Facts as a shop of this kind has them: loops and kits with a tempo (a third a range) and,
 * mostly, a key; plugins and apps with formats and systems but no tempo; sales skewed, as a
 * few products sell most.
 */
export function benchFacts(rng: Rng, kind: BenchCategory['kind'], name: string): BenchFacts {
  const named = genreOfName(name);
  const genreList = () => [
    ...new Set([...(named ? [named] : []), ...some(rng, genres.values, 0, 2)]),
  ];
  const tempo = 60 + Math.floor(rng() * 116);
  const range = rng() < 0.3;
  const withTempo = {
    bpm_min: tempo,
    bpm_max: range ? tempo + 10 + Math.floor(rng() * 40) : tempo,
  };
  const noTempo = { bpm_min: null, bpm_max: null };
  const key = pick(rng, musicKeys);
  const sales_count = Math.floor(Math.exp(rng() * 7)) - 1;
  const none = { genres: [], instruments: [], formats: [], systems: [], daws: [] };
  switch (kind) {
    case 'pack':
    case 'vocals':
      return {
        ...none,
        ...withTempo,
        music_key: rng() < 0.85 ? key : null,
        genres: genreList(),
        instruments:
          kind === 'vocals' ? ['vocals'] : some(rng, [...DRUMS, ...MELODIC, 'fx'] as const, 1, 3),
        formats: rng() < 0.4 ? ['wav', 'midi'] : ['wav'],
        sales_count,
      };
    case 'kit':
      return {
        ...none,
        ...withTempo,
        music_key: rng() < 0.3 ? key : null,
        genres: genreList(),
        instruments: some(rng, DRUMS, 1, 3),
        formats: ['wav'],
        sales_count,
      };
    case 'presets':
      return {
        ...none,
        ...noTempo,
        music_key: null,
        genres: genreList(),
        instruments: some(rng, ['synth', 'pads', 'bass', 'keys'] as const, 1, 2),
        formats: rng() < 0.5 ? ['midi'] : [],
        systems: ['macos', 'windows'],
        sales_count,
      };
    case 'template':
      return {
        ...none,
        ...withTempo,
        music_key: key,
        genres: genreList(),
        instruments: some(rng, [...DRUMS, ...MELODIC], 2, 4),
        formats: ['wav', 'midi'],
        systems: rng() < 0.3 ? ['macos'] : ['macos', 'windows'],
        daws: some(rng, daws.values, 1, 1),
        sales_count,
      };
    case 'plugin':
      return {
        ...none,
        ...noTempo,
        music_key: null,
        instruments: some(rng, instruments.values, 0, 2),
        formats: some(rng, PLUGIN_FORMATS, 1, 4),
        systems:
          rng() < 0.15
            ? ['macos', 'windows', 'linux']
            : some(rng, ['macos', 'windows'] as const, 1, 2),
        sales_count,
      };
    case 'app':
    case 'productivity':
      return {
        ...none,
        ...noTempo,
        music_key: null,
        systems: some(rng, ['macos', 'windows', 'ios'] as const, 1, 3),
        sales_count,
      };
  }
}
