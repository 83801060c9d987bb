import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation';
import { NO_MUSICAL_FACTS } from './music';
import { musicMessages } from './music-schema';
import {
  adminProductMessages as m,
  productEditorSchema,
  type ProductEditorInput,
} from './admin-product';

const valid: ProductEditorInput = { name: 'Dusty Soul Loops', price: '24.99' };

function errorsOf(input: unknown) {
  const result = productEditorSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error.issues);
}

describe('the product editor schema', () => {
  it('takes a price of $0: a free product (docs/free-products.md)', () => {
    expect(productEditorSchema.parse({ name: 'Free Kicks', price: '0' }).price).toBe(0);
    expect(productEditorSchema.parse({ name: 'Free Kicks', price: '0.00' }).price).toBe(0);
    expect(errorsOf({ name: 'X', price: '-0.01' })).toEqual({ price: [m.priceFormat] });
  });

  it('takes a name and a price, filling in the rest', () => {
    expect(productEditorSchema.parse(valid)).toEqual({
      name: 'Dusty Soul Loops',
      description: '',
      price: 2499,
      salePrice: null,
      // Sold at its price unless the owner makes it pay what you want.
      payWhatYouWant: false,
      minimumPrice: null,
      confirmAbove: null,
      categoryId: null,
      tags: [],
      featured: false,
      isNew: false,
      purchaseLimit: null,
      downloadLimit: 3,
      // Counted for everyone unless the owner sells it unlimited for account holders.
      unlimitedForAccounts: false,
      productType: 'digital_download',
      status: 'draft',
      producer: {},
      music: NO_MUSICAL_FACTS,
      imageUrl: null,
      audioPreview: null,
      // Keys follow the category unless the owner says (the service decides): only the limits.
      activationLimit: 3,
      licenseDays: null,
      // Feature points follow the category unless sent; the promises follow the store.
      refundDays: null,
      freeUpdates: null,
    });
  });

  it('reads every field of a full form', () => {
    const parsed = productEditorSchema.parse({
      name: '  Neon Drill Kit ',
      description: 'Drums and 808s.',
      price: '$1,024.5',
      salePrice: '19.99',
      categoryId: '3f1c1a52-8a52-4f7e-9d39-3f3e9a7e2b10',
      tags: ['drill', ' 808 ', 'drill'],
      featured: true,
      isNew: true,
      purchaseLimit: 1,
      downloadLimit: 5,
      productType: 'software_license',
      status: 'active',
      producer: { format: '', producer: ' Nova ' },
      music: {
        bpmMin: 140,
        bpmMax: 150,
        key: 'F# minor',
        genres: ['trap', 'hip-hop'],
        instruments: ['808'],
        formats: ['wav', 'midi'],
        daws: ['ableton-live', 'fl-studio'],
      },
      fileUploadId: '9b2e7c1e-4a51-4f0a-8f7b-2a1d7e3c5b66',
      imageUrl: 'https://cdn.example.com/cover.webp',
      audioPreview: '/media/previews/neon.mp3',
    });
    expect(parsed).toMatchObject({
      name: 'Neon Drill Kit',
      price: 102450,
      salePrice: 1999,
      tags: ['drill', '808'],
      producer: { producer: 'Nova' },
      music: {
        bpmMin: 140,
        bpmMax: 150,
        key: 'F# minor',
        genres: ['trap', 'hip-hop'],
        instruments: ['808'],
        formats: ['wav', 'midi'],
        systems: [],
        daws: ['ableton-live', 'fl-studio'],
      },
    });
    expect(parsed.producer.format).toBeUndefined();
  });

  it.each([
    ['a missing price', { name: 'X' }, 'price', m.priceRequired],
    ['an empty price', { name: 'X', price: '  ' }, 'price', m.priceRequired],
    ['a price with three decimals', { name: 'X', price: '24.999' }, 'price', m.priceFormat],
    ['a negative price', { name: 'X', price: '-5' }, 'price', m.priceFormat],
    ['a price in words', { name: 'X', price: 'ten' }, 'price', m.priceFormat],
    ['an empty name', { name: '   ', price: '1' }, 'name', m.nameRequired],
    [
      'a sale price above the price',
      { ...valid, salePrice: '30' },
      'salePrice',
      m.salePriceBelowPrice,
    ],
    [
      'a sale price equal to the price',
      { ...valid, salePrice: '24.99' },
      'salePrice',
      m.salePriceBelowPrice,
    ],
    [
      'a sale price that is not money',
      { ...valid, salePrice: '12,5' },
      'salePrice',
      m.salePriceFormat,
    ],
    ['a category that is not an id', { ...valid, categoryId: 'plugins' }, 'categoryId', m.category],
    ['a purchase limit of 0', { ...valid, purchaseLimit: 0 }, 'purchaseLimit', m.purchaseLimit],
    [
      'a fractional download limit',
      { ...valid, downloadLimit: 2.5 },
      'downloadLimit',
      m.downloadLimit,
    ],
    ['an unknown status', { ...valid, status: 'hidden' }, 'status', m.status],
    ['an unknown product type', { ...valid, productType: 'vinyl' }, 'productType', m.productType],
    ['an empty tag', { ...valid, tags: ['ok', ' '] }, 'tags.1', m.tag],
    ['a BPM of 5', { ...valid, music: { bpmMin: 5 } }, 'music.bpmMin', musicMessages.bpm],
    [
      'a BPM range upside down',
      { ...valid, music: { bpmMin: 120, bpmMax: 90 } },
      'music.bpmMax',
      musicMessages.bpmRange,
    ],
    [
      'a key spelled otherwise',
      { ...valid, music: { key: 'Gb major' } },
      'music.key',
      musicMessages.key,
    ],
    [
      'a genre twice',
      { ...valid, music: { genres: ['soul', 'soul'] } },
      'music.genres',
      musicMessages.repeated,
    ],
    ['a script as cover', { ...valid, imageUrl: 'javascript:alert(1)' }, 'imageUrl', m.url],
    ['an upload that is not an id', { ...valid, fileUploadId: 'x' }, 'fileUploadId', m.upload],
  ])('refuses %s with its message', (_label, input, field, message) => {
    expect(errorsOf(input)[field]).toEqual([message]);
  });

  it('names every bad field at once', () => {
    expect(Object.keys(errorsOf({ name: '', price: 'x', downloadLimit: 0 })).sort()).toEqual([
      'downloadLimit',
      'name',
      'price',
    ]);
  });

  it('leaves the sale price empty when it is blank', () => {
    expect(productEditorSchema.parse({ ...valid, salePrice: ' ' }).salePrice).toBeNull();
  });
});
