import type { AdminSale, SaleInputValues } from '#shared/admin-sales';
import { localDateTime } from '../promos/promo-form-values';

/** What the sale is for: one product, or every product of one category. */
export type SaleTarget = 'category' | 'product';

/** The sale form as it holds its fields: text for the inputs, dates in the browser's time zone. */
export interface SaleFormValues {
  name: string;
  percentOff: string;
  target: SaleTarget;
  categoryId: string;
  productId: string;
  /** `datetime-local` text (YYYY-MM-DDTHH:mm, local time). */
  startsAt: string;
  endsAt: string;
}

export function emptySaleForm(now = new Date()): SaleFormValues {
  const week = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
  return {
    name: '',
    percentOff: '',
    target: 'category',
    categoryId: '',
    productId: '',
    startsAt: localDateTime(now.toISOString()),
    endsAt: localDateTime(week.toISOString()),
  };
}

export function saleFormValues(sale: AdminSale): SaleFormValues {
  return {
    name: sale.name,
    percentOff: String(sale.percentOff),
    target: sale.productId ? 'product' : 'category',
    categoryId: sale.categoryId ?? '',
    productId: sale.productId ?? '',
    startsAt: localDateTime(sale.startsAt),
    endsAt: localDateTime(sale.endsAt),
  };
}

/** A `datetime-local` value as an instant; text that is no date goes on as typed, for the schema to refuse. */
function instant(text: string): string {
  const date = new Date(text);
  return text.trim() === '' || Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** What the form sends: the API's own fields; the target not chosen is sent empty. */
export function saleInput(values: SaleFormValues): SaleInputValues {
  const chosen = (id: string) => (id === '' ? null : id);
  return {
    name: values.name,
    // No number goes as NaN, for the schema to refuse in its own words.
    percentOff: values.percentOff.trim() === '' ? Number.NaN : Number(values.percentOff),
    categoryId: values.target === 'category' ? chosen(values.categoryId) : null,
    productId: values.target === 'product' ? chosen(values.productId) : null,
    startsAt: instant(values.startsAt),
    endsAt: instant(values.endsAt),
  };
}
