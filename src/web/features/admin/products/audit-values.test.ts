import { describe, expect, it } from 'vitest';
import type { AdminCategory } from '#shared/admin-categories';
import { auditValue, fieldLabel, inEditorOrder } from './audit-values';

const drums: AdminCategory = {
  id: 'c1',
  name: 'Drums',
  slug: 'drums',
  description: null,
  position: 0,
  defaultFeatures: [],
  productCount: 1,
};

describe("the product history's values", () => {
  it('reads each value as the editor shows it', () => {
    expect(auditValue('price', 2450, [])).toBe('$24.50');
    expect(auditValue('salePrice', null, [])).toBe('(none)');
    expect(auditValue('categoryId', 'c1', [drums])).toBe('Drums');
    expect(auditValue('categoryId', 'gone', [drums])).toBe('A deleted category');
    expect(auditValue('featured', true, [])).toBe('Yes');
    expect(auditValue('tags', ['lo-fi', 'tape'], [])).toBe('lo-fi, tape');
    expect(auditValue('tags', [], [])).toBe('(none)');
    expect(auditValue('productType', 'software_license', [])).toBe('Software license');
    expect(auditValue('file', { name: 'kit.zip', size: 3 * 1024 * 1024 }, [])).toBe(
      'kit.zip (3.0 MB)',
    );
    expect(auditValue('producer', { bpm: 120, key: 'Am' }, [])).toBe('bpm: 120, key: Am');
    expect(
      auditValue(
        'music',
        {
          bpmMin: 90,
          bpmMax: 100,
          key: 'D minor',
          genres: ['ambient'],
          instruments: [],
          formats: ['wav'],
          systems: [],
          daws: [],
        },
        [],
      ),
    ).toBe('90–100 BPM, D minor, Ambient, WAV 24-bit/44.1 kHz');
  });

  it("names fields by the editor's labels, in the editor's order", () => {
    expect(fieldLabel('salePrice')).toBe('Sale price');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
    const order = inEditorOrder({ status: 1, somethingNew: 2, name: 3, price: 4 });
    expect(order.map(([field]) => field)).toEqual(['name', 'price', 'status', 'somethingNew']);
  });
});
