import { v5 as uuidv5 } from 'uuid';
import type { PackSound } from './assets/archive';
import type { AudioDemoKind } from './assets/audio-examples';
import type { Mode, SoundSpec } from './assets/music-theory';
import { hashString } from './assets/prng';
import type { SettingRanges } from './assets/software-docs';
import { demoPacks } from './demo-packs';
import { demoSoftware } from './demo-software';

export type CategorySlug = 'audio-midi-packs' | 'plugins' | 'apps' | 'productivity';

export interface DemoCategory {
  slug: CategorySlug;
  name: string;
  description: string;
}

type NoteName = 'C' | 'C#' | 'D' | 'Eb' | 'E' | 'F' | 'F#' | 'G' | 'Ab' | 'A' | 'Bb' | 'B';

interface DemoProductBase {
  /** Stable slug: the product id, asset names and storage key all derive from it. */
  key: string;
  name: string;
  description: string;
  priceCents: number;
  /** Age at first seed, so "newest first" lists have a meaningful order. */
  createdDaysAgo: number;
  tags: string[];
  rating: number;
  reviewCount: number;
  /** Price before the sale, in cents; marks the product as on sale. */
  originalPriceCents?: number;
  isNew?: boolean;
  featured?: boolean;
  /** '1' for single-copy downloads (the default); more for per-seat licences. */
  purchaseLimit?: '1' | '5';
  /** Downloads allowed per copy; 3 when not given. */
  downloadLimit?: number;
  /** Retired products stay in the database for past buyers but are not listed. */
  isActive?: boolean;
  imageCount: 1 | 2 | 3;
}

export interface DemoPack extends DemoProductBase {
  category: 'audio-midi-packs';
  sound: PackSound;
  tempo: number;
  tonic: NoteName;
  mode: Mode;
}

export interface DemoSoftware extends DemoProductBase {
  category: 'plugins' | 'apps' | 'productivity';
  /** Factory presets (plugins, apps) or templates (productivity) shipped in the download. */
  presets: string[];
  settings: SettingRanges;
  /** What the download's Audio-Examples folder demonstrates, if it has one. */
  audioDemo?: AudioDemoKind;
}

export type DemoProduct = DemoPack | DemoSoftware;

export const demoCategories: readonly DemoCategory[] = [
  {
    slug: 'audio-midi-packs',
    name: 'Audio & MIDI Packs',
    description:
      'Royalty-free loops, one-shots and MIDI files, labelled by key and tempo, ready to drop into any DAW.',
  },
  {
    slug: 'plugins',
    name: 'Plugins',
    description: 'Instruments and effects in VST3, AU and CLAP formats for Windows and macOS.',
  },
  {
    slug: 'apps',
    name: 'Apps',
    description: 'Standalone tools for writing, practising and organising music.',
  },
  {
    slug: 'productivity',
    name: 'Productivity',
    description:
      'Planners, templates and trackers that keep sessions, clients and releases on schedule.',
  },
];

export const demoProducts: readonly DemoProduct[] = [...demoPacks, ...demoSoftware];

/** Fixed namespace: ids are uuid v5 of the key, so re-seeding keeps every URL and foreign key valid. */
const DEMO_NAMESPACE = '6f1c2a9e-3b7d-4c55-9a0e-2d8f4b1e7c63';

export function demoProductId(key: string): string {
  return uuidv5(`product:${key}`, DEMO_NAMESPACE);
}

export function demoCategoryId(slug: CategorySlug): string {
  return uuidv5(`category:${slug}`, DEMO_NAMESPACE);
}

const NOTE_NAMES: readonly NoteName[] = [
  'C',
  'C#',
  'D',
  'Eb',
  'E',
  'F',
  'F#',
  'G',
  'Ab',
  'A',
  'Bb',
  'B',
];

/**
 * Roots sit between G2 and F#3, where both the bass (an octave down) and the chords sound
 * right. Software has no musical key of its own: its audio examples take one from the key hash.
 */
export function soundSpec(product: DemoProduct): SoundSpec {
  const seed = hashString(product.key);
  if (!isPack(product)) {
    return {
      tempo: 90 + (seed % 5) * 8,
      root: 43 + (seed % 12),
      mode: seed % 2 === 0 ? 'minor' : 'major',
      seed,
    };
  }
  const index = NOTE_NAMES.indexOf(product.tonic);
  return {
    tempo: product.tempo,
    root: 48 + index - (index >= 7 ? 12 : 0),
    mode: product.mode,
    seed,
  };
}

export function isPack(product: DemoProduct): product is DemoPack {
  return product.category === 'audio-midi-packs';
}
