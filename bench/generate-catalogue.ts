import { createRng, pick, type Rng } from '../src/server/demo/assets/prng';
import type { ProductMetadata } from '../src/shared/catalogue';
import {
  ADJECTIVES,
  APP_NOUNS,
  BENCH_CATEGORIES,
  DAWS,
  FORMATS,
  GENRES,
  INSTRUMENTS,
  KIT_NOUNS,
  MOODS,
  NOTE_NAMES,
  PACK_NOUNS,
  PLUGIN_NOUNS,
  PRODUCTIVITY_NOUNS,
  RARE_WORDS,
  SYNTHS,
  VOCAL_NOUNS,
  type BenchCategory,
} from './catalogue-words';
import { benchFacts, type BenchFacts } from './generate-facts';

/** One products row as jsonb_to_recordset reads it (snake_case, as the table has it). */
export interface BenchProductRow extends BenchFacts {
  name: string;
  description: string;
  price_cents: number;
  category_slug: string;
  image_url: string;
  file_key: string;
  file_name: string;
  file_size: number;
  download_limit: number;
  is_active: boolean;
  metadata: ProductMetadata;
  created_at: string;
  updated_at: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Products were added over three years. */
const CATALOGUE_AGE_DAYS = 3 * 365;
const PRICES_CENTS = [499, 999, 1499, 1999, 2499, 2999, 3999, 4999, 7999, 9999, 14999, 19999];

function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function sample(rng: Rng, words: readonly string[], count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(pick(rng, words));
  return [...chosen];
}

function categoryPicker(rng: Rng): () => BenchCategory {
  const total = BENCH_CATEGORIES.reduce((sum, category) => sum + category.weight, 0);
  return () => {
    let roll = rng() * total;
    for (const category of BENCH_CATEGORIES) {
      roll -= category.weight;
      if (roll < 0) return category;
    }
    return BENCH_CATEGORIES[0] as BenchCategory;
  };
}

/** About one product in a thousand carries a rare word, so a selective search finds a handful. */
function adjective(rng: Rng): string {
  return chance(rng, 0.002) ? pick(rng, RARE_WORDS) : pick(rng, ADJECTIVES);
}

function volume(rng: Rng): string {
  return chance(rng, 0.3) ? ` Vol. ${between(rng, 2, 9)}` : '';
}

function productName(rng: Rng, kind: BenchCategory['kind']): string {
  const genre = pick(rng, GENRES);
  switch (kind) {
    case 'pack':
      return `${adjective(rng)} ${genre} ${pick(rng, PACK_NOUNS)}${volume(rng)}`;
    case 'plugin':
      return `${adjective(rng)} ${pick(rng, PLUGIN_NOUNS)}${chance(rng, 0.2) ? ' Pro' : ''}`;
    case 'kit':
      return `${adjective(rng)} ${genre} ${pick(rng, KIT_NOUNS)}${volume(rng)}`;
    case 'presets':
      return `${adjective(rng)} ${genre} ${pick(rng, SYNTHS)} Presets`;
    case 'app':
      return `${adjective(rng)} ${pick(rng, APP_NOUNS)}${chance(rng, 0.3) ? ' Pro' : ''}`;
    case 'vocals':
      return `${adjective(rng)} ${genre} ${pick(rng, VOCAL_NOUNS)}${volume(rng)}`;
    case 'template':
      return `${adjective(rng)} ${genre} ${pick(rng, DAWS)} Template`;
    case 'productivity':
      return `${adjective(rng)} ${pick(rng, PRODUCTIVITY_NOUNS)}${chance(rng, 0.2) ? ' (Team Licence)' : ''}`;
  }
}

function productDescription(rng: Rng, kind: BenchCategory['kind'], name: string): string {
  const mood = pick(rng, MOODS);
  const [first, second] = sample(rng, INSTRUMENTS, 2);
  const key = `${pick(rng, NOTE_NAMES)} ${chance(rng, 0.5) ? 'minor' : 'major'}`;
  const tempo = between(rng, 70, 175);
  switch (kind) {
    case 'pack':
    case 'kit':
    case 'vocals':
      return (
        `${name} brings ${between(rng, 40, 400)} ${mood} ${first} and ${second} sounds, ` +
        `recorded at ${tempo} BPM in ${key}. Every file is ${pick(rng, FORMATS)}, tagged by key ` +
        `and tempo, and royalty-free for commercial releases.`
      );
    case 'presets':
      return (
        `${between(rng, 32, 256)} ${mood} patches: ${first}, ${second} and evolving textures, ` +
        `each with macro controls mapped and ready to play. Demo MIDI at ${tempo} BPM in ${key}.`
      );
    case 'template':
      return (
        `A finished ${mood} session at ${tempo} BPM in ${key}: every ${first} and ${second} track, ` +
        `bus and effect chain is labelled, so you can see how the mix was built.`
      );
    case 'plugin':
      return (
        `A ${mood} processor for ${first} and ${second}, with ${between(rng, 50, 300)} presets, ` +
        `low CPU use and zero-latency monitoring. VST3, AU and CLAP for Windows and macOS.`
      );
    case 'app':
    case 'productivity':
      return (
        `Keeps your ${first} practice and ${second} sessions on track. Syncs between desktop ` +
        `and phone, works offline, and exports to CSV and PDF.`
      );
  }
}

function productTags(rng: Rng, kind: BenchCategory['kind'], name: string): string[] {
  const genreTag = GENRES.find((genre) => name.includes(genre))?.toLowerCase();
  const kindTag = {
    pack: 'sample pack',
    kit: 'drum kit',
    vocals: 'vocals',
    presets: 'presets',
    template: 'template',
    plugin: 'vst3',
    app: 'app',
    productivity: 'productivity',
  }[kind];
  const extra = sample(rng, [...INSTRUMENTS, ...MOODS], between(rng, 1, 4));
  return [...new Set([kindTag, ...(genreTag ? [genreTag] : []), ...extra])];
}

function productMetadata(
  rng: Rng,
  kind: BenchCategory['kind'],
  name: string,
  priceCents: number,
  ageDays: number,
  index: number,
): ProductMetadata {
  const metadata: ProductMetadata = {
    product_type: 'digital_download',
    purchase_limit: kind === 'productivity' && name.includes('Team') ? '5' : '1',
    tags: productTags(rng, kind, name),
    images: [`/media/images/bench-${index % 1000}-2.svg`],
  };
  if (chance(rng, 0.15)) {
    metadata.originalPrice = Math.round((priceCents * (1.2 + rng() * 0.6)) / 100) * 100 - 1;
    metadata.isOnSale = true;
  }
  if (ageDays < 30) metadata.isNew = true;
  if (chance(rng, 0.003)) metadata.featured = true;
  if (kind === 'pack' || kind === 'kit' || kind === 'vocals') {
    metadata.audioPreview = `/media/previews/bench-${index % 1000}.wav`;
  }
  return metadata;
}

/**
 * `count` products, the same for the same seed: names, descriptions and tags from the store's
 * vocabulary, prices on the usual steps, created over three years in order, 2% retired, with
 * musical facts as a shop of each kind has them (generate-facts.ts).
 */
export function* generateCatalogue(count: number, seed = 20250101): Generator<BenchProductRow> {
  const rng = createRng(seed);
  // The musical facts from a stream of their own: the names and the rest stay as before.
  const factsRng = createRng(seed + 1);
  const nextCategory = categoryPicker(rng);
  const now = Date.now();
  for (let index = 0; index < count; index++) {
    const category = nextCategory();
    const name = productName(rng, category.kind);
    const priceCents = pick(rng, PRICES_CENTS);
    // Added one after another over three years, as a real catalogue grows: the table's order
    // follows the creation date, which the newest-first lists and searches read along.
    const ageDays = CATALOGUE_AGE_DAYS * (1 - (index + rng()) / count);
    const createdAt = new Date(now - ageDays * DAY_MS).toISOString();
    yield {
      name,
      description: productDescription(rng, category.kind, name),
      price_cents: priceCents,
      category_slug: category.slug,
      image_url: `/media/images/bench-${index % 1000}-1.svg`,
      file_key: `products/bench-${index}.zip`,
      file_name: `${name.replace(/[^\w]+/g, '-')}.zip`,
      file_size: between(rng, 2, 900) * 1024 * 1024,
      download_limit: 3,
      is_active: !chance(rng, 0.02),
      metadata: productMetadata(rng, category.kind, name, priceCents, ageDays, index),
      created_at: createdAt,
      updated_at: createdAt,
      ...benchFacts(factsRng, category.kind, name),
    };
  }
}
