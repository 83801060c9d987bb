import { describe, expect, it } from 'vitest';
import { saleInputSchema } from '#shared/admin-sales';
import { emptySaleForm, saleInput } from './sale-form-values';

const category = '00000000-0000-4000-8000-000000000001';
const product = '00000000-0000-4000-8000-000000000002';

describe('the sale form’s input', () => {
  it('sends the chosen target only, the dates as instants, and passes the schema', () => {
    const input = saleInput({
      ...emptySaleForm(new Date('2026-06-01T10:00:00Z')),
      name: 'Summer',
      percentOff: '30',
      categoryId: category,
      productId: product,
    });
    expect(input).toMatchObject({
      name: 'Summer',
      percentOff: 30,
      categoryId: category,
      productId: null,
    });
    expect(Date.parse(input.endsAt) - Date.parse(input.startsAt)).toBe(7 * 24 * 60 * 60 * 1000);
    expect(saleInputSchema.safeParse(input).success).toBe(true);
  });

  it('leaves an empty percent and no target for the schema to refuse', () => {
    const input = saleInput({ ...emptySaleForm(), target: 'product', productId: '' });
    expect(input.productId).toBeNull();
    const parsed = saleInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['percentOff', 'name']));
  });
});
