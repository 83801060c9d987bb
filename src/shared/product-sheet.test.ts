import { describe, expect, it } from 'vitest';
import type { Product } from './catalogue';
import { NO_MUSICAL_FACTS } from './music';
import { formatSheetDate, licenseText, productSheet } from './product-sheet';

const product = (overrides: Partial<Product> = {}): Product => ({
  id: 'p1',
  name: 'Dusty Keys',
  description: 'Warm keys.',
  priceCents: 2499,
  categoryId: 'c1',
  category: { id: 'c1', name: 'Audio & MIDI Packs', slug: 'audio-midi-packs', description: null },
  imageUrl: '/media/products/dusty-keys-1.webp',
  fileSize: 5 * 1024 * 1024 + 300 * 1024,
  downloadLimit: 3,
  unlimitedForAccounts: false,
  isActive: true,
  metadata: {
    product_type: 'digital_download',
    purchase_limit: '1',
    images: ['/media/products/dusty-keys-2.webp'],
    audioPreview: '/media/previews/dusty-keys.mp3',
    tags: ['keys'],
    isNew: true,
    format: 'ZIP: WAV loops and MIDI files',
    bpm: 90,
    key: 'Eb major',
  },
  music: { ...NO_MUSICAL_FACTS, bpmMin: 90, bpmMax: 90, key: 'Eb major' },
  previewPeaks: null,
  isBundle: false,
  ratingCount: 0,
  ratingTotal: 0,
  createdAt: '2025-03-02T10:00:00.000Z',
  updatedAt: '2025-06-01T23:30:00.000Z',
  ...overrides,
});

const asObject = (p: Product) =>
  Object.fromEntries(productSheet(p).map(({ label, value }) => [label, value]));

describe('productSheet', () => {
  it('reads like a product sheet, in order', () => {
    expect(productSheet(product())).toEqual([
      { label: 'Price', value: '$24.99' },
      { label: 'Category', value: 'Audio & MIDI Packs' },
      { label: 'Status', value: 'Available' },
      { label: 'Format', value: 'ZIP: WAV loops and MIDI files' },
      { label: 'File size', value: '5.3 MB' },
      { label: 'Downloads allowed', value: '3 per copy' },
      { label: 'License', value: 'Royalty-free, for one person' },
      { label: 'Tempo', value: '90 BPM' },
      { label: 'Key', value: 'Eb major' },
      { label: 'Released', value: 'March 2, 2025' },
      { label: 'Updated', value: 'June 1, 2025' },
    ]);
  });

  it('a bundle, with no file of its own, leaves the size out and points to its products', () => {
    const rows = productSheet(product({ isBundle: true, fileSize: null }));
    expect(rows.map((row) => row.label)).not.toContain('File size');
    expect(rows).toContainEqual({
      label: 'Downloads allowed',
      value: "Each product's own allowance",
    });
  });

  it('a product unlimited for account holders says so, and what a receipt link allows', () => {
    expect(asObject(product({ unlimitedForAccounts: true }))['Downloads allowed']).toBe(
      'Unlimited with an account (3 per copy by receipt link)',
    );
  });

  it.each([
    ['no files listed: the product’s size', undefined, ['File size', '5.3 MB']],
    [
      'one unlabelled file: its size',
      [{ label: null, platform: 'any', fileSize: 1 }],
      ['File size', '5.3 MB'],
    ],
    [
      'one labelled file',
      [{ label: 'WAV 24-bit', platform: 'any', fileSize: 3 * 1024 * 1024 }],
      ['Download', 'WAV 24-bit (3.0 MB)'],
    ],
    [
      'formats and installers, in order',
      [
        { label: 'WAV 24-bit', platform: 'any', fileSize: 3 * 1024 * 1024 },
        { label: 'MIDI', platform: 'any', fileSize: 2000 },
        { label: null, platform: 'macos', fileSize: null },
      ],
      ['Available formats', 'WAV 24-bit (3.0 MB), MIDI (Under 0.1 MB), macOS'],
    ],
  ] as const)('lists the files: %s', (_name, files, [label, value]) => {
    const sheet = asObject(product({ files: files?.map((f) => ({ ...f })) }));
    expect(sheet[label]).toBe(value);
    if (label !== 'File size') expect(sheet['File size']).toBeUndefined();
  });

  it('never shows storage paths, raw metadata names or the purchase limit', () => {
    const shown = JSON.stringify(productSheet(product()));
    for (const hidden of [
      '/media/',
      'digital_download',
      'Purchase limit',
      'Product type',
      'Audio preview',
      'Images',
      'Rating',
      'Is new',
    ]) {
      expect(shown).not.toContain(hidden);
    }
  });

  it('leaves out what the product does not carry', () => {
    const bare = asObject(
      product({ fileSize: null, metadata: {}, music: NO_MUSICAL_FACTS, category: null }),
    );
    expect(Object.keys(bare)).toEqual([
      'Price',
      'Category',
      'Status',
      'Downloads allowed',
      'License',
      'Released',
      'Updated',
    ]);
    expect(bare.Category).toBe('Uncategorized');
  });

  it('shows every producer field present, and ignores empty or meaningless ones', () => {
    const sheet = asObject(
      product({
        metadata: {
          producer: 'Maya Chen',
          genre: 'Lo-fi hip hop',
          sampleRate: 44100,
          bitDepth: 24,
          compatibility: 'Any DAW',
        },
        music: { ...NO_MUSICAL_FACTS, bpmMin: 84, bpmMax: 84 },
      }),
    );
    expect(sheet).toMatchObject({
      Producer: 'Maya Chen',
      Genre: 'Lo-fi hip hop',
      Tempo: '84 BPM',
      'Sample rate': '44.1 kHz',
      'Bit depth': '24-bit',
      'Works with': 'Any DAW',
    });
    expect(sheet).not.toHaveProperty('Key');
    expect(asObject(product({ metadata: { bitDepth: 'many' } }))).not.toHaveProperty('Bit depth');
  });

  it.each([
    [5 * 1024 * 1024 + 300 * 1024, '5.3 MB'],
    [0.05 * 1024 * 1024, '0.1 MB'],
    [20 * 1024, 'Under 0.1 MB'],
    [0, '0.0 MB'],
  ])('shows %i bytes as %s', (bytes, shown) => {
    expect(asObject(product({ fileSize: bytes }))['File size']).toBe(shown);
  });

  it('says Unavailable for a retired product and skips an unreadable date', () => {
    const sheet = asObject(product({ isActive: false, updatedAt: 'not a date' }));
    expect(sheet.Status).toBe('Unavailable');
    expect(sheet).not.toHaveProperty('Updated');
  });

  it('shows a tempo range, the key and the lists of musical facts by their labels', () => {
    const sheet = asObject(
      product({
        music: {
          ...NO_MUSICAL_FACTS,
          bpmMin: 90,
          bpmMax: 120,
          key: 'F# minor',
          genres: ['hip-hop', 'rnb'],
          formats: ['wav', 'midi'],
          daws: ['fl-studio'],
        },
      }),
    );
    expect(sheet).toMatchObject({
      Tempo: '90–120 BPM',
      Key: 'F# minor',
      Genres: 'Hip hop, R&B',
      Formats: 'WAV 24-bit/44.1 kHz, MIDI',
      DAWs: 'FL Studio',
    });
    expect(sheet).not.toHaveProperty('Instruments');
    expect(asObject(product({ music: NO_MUSICAL_FACTS }))).not.toHaveProperty('Tempo');
  });
});

describe('licenseText', () => {
  it.each([
    [undefined, 'Royalty-free, for one person'],
    ['1', 'Royalty-free, for one person'],
    ['5', 'Royalty-free, one person per copy (up to 5 copies)'],
  ])('purchase limit %s: %s', (limit, expected) => {
    expect(licenseText({ metadata: limit === undefined ? {} : { purchase_limit: limit } })).toBe(
      expected,
    );
  });
});

describe('formatSheetDate', () => {
  it('reads as Intl would, in UTC', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (const iso of [
      '2026-03-05T00:00:00Z',
      '2025-12-31T23:59:59Z',
      '2024-02-29T12:00:00+05:00',
    ]) {
      expect(formatSheetDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });

  it('is empty for a date it cannot read', () => {
    expect(formatSheetDate('not a date')).toBeNull();
  });
});
