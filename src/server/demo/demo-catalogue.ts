import { v5 as uuidv5 } from 'uuid';
import type { SoundSpec } from './assets/music-theory';
import { hashString } from './assets/prng';
import { demoPacks } from './demo-packs';
import { demoSoftware } from './demo-software';
import type { CategorySlug, DemoCategory, DemoPack, DemoProduct, NoteName } from './demo-types';

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

export function demoPackItemId(key: string, position: number): string {
  return uuidv5(`pack-item:${key}:${position}`, DEMO_NAMESPACE);
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
