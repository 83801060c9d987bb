import type { AdminPromoCode, CreatePromoInput } from '#shared/admin-promos';
import { moneyInput, parseMoney } from '#shared/money';

/** A percent off the lines the code covers, or a fixed amount off them. */
export type PromoKind = 'percent' | 'amount';

/** The promo form as it holds its fields: text for the inputs, dates in the browser's time zone. */
export interface PromoFormValues {
  code: string;
  kind: PromoKind;
  percentOff: string;
  /** Dollars and cents as typed ('5', '5.00'). */
  amountOff: string;
  /** `datetime-local` text (YYYY-MM-DDTHH:mm, local time), or '' for none. */
  startsAt: string;
  expiresAt: string;
  maxRedemptions: string;
  oncePerCustomer: boolean;
  isActive: boolean;
  productIds: string[];
  categoryIds: string[];
}

export const emptyPromoForm: PromoFormValues = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  startsAt: '',
  expiresAt: '',
  maxRedemptions: '',
  oncePerCustomer: false,
  isActive: true,
  productIds: [],
  categoryIds: [],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it, in the browser's time zone. */
export function localDateTime(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an instant; text that is no date goes on as typed, for the schema to refuse. */
function instant(text: string): string | null {
  if (text.trim() === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/** A number field: empty is `empty`; anything else goes as a number (NaN for the schema to refuse). */
const numberOf = <T>(text: string, empty: T) => (text.trim() === '' ? empty : Number(text));

export function promoFormValues(promo: AdminPromoCode): PromoFormValues {
  return {
    code: promo.code,
    kind: promo.amountOffCents !== null ? 'amount' : 'percent',
    percentOff: promo.percentOff === null ? '' : String(promo.percentOff),
    amountOff: promo.amountOffCents === null ? '' : moneyInput(promo.amountOffCents),
    startsAt: localDateTime(promo.startsAt),
    expiresAt: localDateTime(promo.expiresAt),
    maxRedemptions: promo.maxRedemptions === null ? '' : String(promo.maxRedemptions),
    oncePerCustomer: promo.oncePerCustomer,
    isActive: promo.isActive,
    productIds: promo.productIds,
    categoryIds: promo.categoryIds,
  };
}

/** What the form sends (POST, or PATCH without the code): the API's own fields. */
export function promoInput(values: PromoFormValues): CreatePromoInput {
  return {
    code: values.code,
    // The kind not chosen is sent empty; the chosen one empty, or no number, goes as NaN for the
    // schema to refuse in its own words.
    percentOff: values.kind === 'percent' ? numberOf(values.percentOff, Number.NaN) : null,
    amountOffCents: values.kind === 'amount' ? (parseMoney(values.amountOff) ?? Number.NaN) : null,
    startsAt: instant(values.startsAt),
    expiresAt: instant(values.expiresAt),
    maxRedemptions: numberOf(values.maxRedemptions, null),
    oncePerCustomer: values.oncePerCustomer,
    isActive: values.isActive,
    productIds: values.productIds,
    categoryIds: values.categoryIds,
  };
}
