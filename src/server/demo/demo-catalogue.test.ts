import { describe, expect, it } from 'vitest';
import {
  demoCategories,
  demoCategoryId,
  demoProductId,
  demoProducts,
  isPack,
} from './demo-catalogue';
import { demoMusicFacts } from './demo-music';
import { daws, formats, genres, instruments, systems } from '#shared/music';
import { featuresSchema } from '#shared/promises';
import { demoCategoryFeatures, demoFeatureLeads, demoFeatures } from './demo-features';

const active = demoProducts.filter((product) => product.isActive !== false);

describe('demo catalogue data', () => {
  it('has unique, slug-shaped keys and unique names', () => {
    const keys = demoProducts.map((product) => product.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(demoProducts.map((product) => product.name)).size).toBe(demoProducts.length);
  });

  it('derives stable, distinct uuid v5 ids from the keys', () => {
    const ids = demoProducts.map((product) => demoProductId(product.key));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(demoProductId('dusty-soul-sample-pack')).toBe(demoProductId('dusty-soul-sample-pack'));
    expect(demoCategoryId('plugins')).not.toBe(demoCategoryId('apps'));
  });

  it('lists the four categories, each with active products', () => {
    expect(demoCategories.map((category) => category.slug)).toEqual([
      'audio-midi-packs',
      'plugins',
      'apps',
      'productivity',
    ]);
    const perCategory = (slug: string): number => active.filter((p) => p.category === slug).length;
    expect(perCategory('audio-midi-packs')).toBeGreaterThanOrEqual(9);
    expect(perCategory('plugins')).toBeGreaterThanOrEqual(5);
    expect(perCategory('apps')).toBeGreaterThanOrEqual(4);
    expect(perCategory('productivity')).toBeGreaterThanOrEqual(3);
  });

  it('has at least 24 active products and an inactive one', () => {
    expect(active.length).toBeGreaterThanOrEqual(24);
    expect(demoProducts.some((product) => product.isActive === false)).toBe(true);
  });

  it('prices in positive whole cents, with sale prices below the original', () => {
    for (const product of demoProducts) {
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(product.priceCents).toBeGreaterThan(0);
      if (product.originalPriceCents !== undefined) {
        expect(Number.isInteger(product.originalPriceCents)).toBe(true);
        expect(product.originalPriceCents).toBeGreaterThan(product.priceCents);
      }
    }
    expect(active.filter((p) => p.originalPriceCents !== undefined).length).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('gives every product 3–6 tags and 3–7 demo reviews averaging 3.8 to 5 stars', () => {
    for (const product of demoProducts) {
      expect(product.tags.length).toBeGreaterThanOrEqual(3);
      expect(product.tags.length).toBeLessThanOrEqual(6);
      expect(product.reviewStars.length).toBeGreaterThanOrEqual(3);
      expect(product.reviewStars.length).toBeLessThanOrEqual(7);
      for (const stars of product.reviewStars) expect([1, 2, 3, 4, 5]).toContain(stars);
      const average = product.reviewStars.reduce((a, b) => a + b, 0) / product.reviewStars.length;
      expect(average).toBeGreaterThanOrEqual(3.8);
      expect(average).toBeLessThanOrEqual(5);
    }
  });

  it('features at least six active products across at least three categories', () => {
    const featured = active.filter((product) => product.featured);
    expect(featured.length).toBeGreaterThanOrEqual(6);
    expect(new Set(featured.map((product) => product.category)).size).toBeGreaterThanOrEqual(3);
  });

  it('marks the newest products as new', () => {
    const fresh = active.filter((product) => product.isNew);
    expect(fresh.length).toBeGreaterThanOrEqual(4);
    const oldestNew = Math.max(...fresh.map((p) => p.createdDaysAgo));
    const youngestOther = Math.min(...active.filter((p) => !p.isNew).map((p) => p.createdDaysAgo));
    expect(oldestNew).toBeLessThan(youngestOther);
  });

  it('sells exactly one product per seat (limit 5); every other product is single-copy', () => {
    expect(demoProducts.filter((product) => product.purchaseLimit === '5')).toHaveLength(1);
    expect(
      demoProducts.filter((p) => p.purchaseLimit !== undefined && p.purchaseLimit !== '5'),
    ).toHaveLength(0);
  });

  it('keeps packs at a real tempo and every description to a few sentences', () => {
    for (const product of demoProducts) {
      const sentences = product.description.split(/(?<=[.!?])\s+/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      if (isPack(product)) {
        expect(product.tempo).toBeGreaterThanOrEqual(60);
        expect(product.tempo).toBeLessThanOrEqual(180);
      }
    }
  });

  it('gives every product musical facts a producer filters by, each from its vocabulary', () => {
    expect(Object.keys(demoMusicFacts).sort()).toEqual(demoProducts.map((p) => p.key).sort());
    const vocabularies = { genres, instruments, formats, systems, daws };
    for (const product of demoProducts) {
      const facts = demoMusicFacts[product.key] ?? {};
      for (const [name, vocabulary] of Object.entries(vocabularies)) {
        const values: string[] = facts[name as keyof typeof facts] ?? [];
        expect(new Set(values).size).toBe(values.length);
        for (const value of values) expect(vocabulary.values).toContain(value);
      }
      if (isPack(product)) {
        expect(facts.genres?.length).toBeGreaterThan(0);
        expect(facts.instruments?.length).toBeGreaterThan(0);
        expect(facts.formats?.length).toBeGreaterThan(0);
      } else {
        expect(facts.systems?.length).toBeGreaterThan(0);
      }
      if (product.category === 'plugins') {
        expect(facts.formats?.length).toBeGreaterThan(0);
        expect(facts.daws?.length).toBeGreaterThan(0);
      }
    }
  });

  it('gives every product true feature points within the limits, from its own data', () => {
    expect(Object.keys(demoFeatureLeads).sort()).toEqual(demoProducts.map((p) => p.key).sort());
    for (const product of demoProducts) {
      const points = demoFeatures(product);
      expect(featuresSchema.parse(points)).toEqual(points);
      const text = points.join(' | ');
      const facts = demoMusicFacts[product.key] ?? {};
      if (isPack(product)) {
        // A pack names its tempo and key, and only the files it holds.
        expect(text).toContain(`${product.tempo} BPM in ${product.tonic} ${product.mode}`);
        expect(text.includes('WAV')).toBe(facts.formats?.includes('wav') ?? false);
        expect(text.includes('MIDI')).toBe(facts.formats?.includes('midi') ?? false);
      } else {
        // Software names its systems, and never a system it does not run on.
        for (const system of systems.values) {
          expect(text.includes(systems.labels[system])).toBe(facts.systems?.includes(system));
        }
      }
      if (product.category === 'plugins') {
        for (const format of ['vst3', 'au', 'aax', 'clap'] as const) {
          expect(text.includes(formats.labels[format])).toBe(facts.formats?.includes(format));
        }
      }
      // The demo's audio is not 24-bit: no point claims so.
      expect(text).not.toMatch(/24-bit/);
    }
  });

  it('gives every demo category default points within the limits', () => {
    for (const category of demoCategories) {
      const points = demoCategoryFeatures[category.slug];
      expect(points.length).toBeGreaterThan(0);
      expect(featuresSchema.parse(points)).toEqual(points);
    }
  });
});
