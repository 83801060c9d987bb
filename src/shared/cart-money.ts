import { itemCount, lineSavingsCents, type CartLine } from './cart';
import type { Cents } from './money';
import type { Promo } from './promo';
import { promoCovers, promoDiscount } from './promo-discount';
import type { PublicTaxSettings } from './store';
import {
  ESTIMATE_RATE,
  taxForOrder,
  UNCONFIGURED_TAX_SETTINGS,
  type OrderTax,
  type TaxBuyer,
} from './tax';
import type { TaxSettings } from './tax-settings';

/**
 * The cart's money by the store's tax rule: apart from shared/cart, so a page that only adds to
 * the cart does not load the rule and its rates.
 */

/** A store nobody set up: 8% of the discounted subtotal (the rule is shared/tax's taxForOrder). */
export const TAX_PERCENT = ESTIMATE_RATE / 1000;

export interface CartTotals {
  itemCount: number;
  subtotalCents: Cents;
  /** What sale prices save against the original prices (display only). */
  savingsCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  totalCents: Cents;
  /** How the tax was decided and what it is called, for the tax row's label (shared/tax). */
  tax: Pick<OrderTax, 'basis' | 'name' | 'rate' | 'pricesIncludeTax' | 'note'>;
}

/** What the cart knows of the tax: the store's public settings and the buyer's best-guess place. */
export interface CartTaxContext {
  settings: TaxSettings;
  buyer: TaxBuyer;
  /** Whether EU consumers abroad pay their own rate (the store's OSS threshold is passed). */
  euDestinationRates: boolean;
}

/** The cart's tax context from the store's public settings (GET /api/store) and a guessed place. */
export function cartTaxContext(
  tax: PublicTaxSettings,
  buyer: Pick<TaxBuyer, 'country' | 'region'>,
): CartTaxContext {
  const { euDestinationRates, registrations, ...rest } = tax;
  return {
    settings: {
      ...UNCONFIGURED_TAX_SETTINGS,
      ...rest,
      registrations: registrations.map((r) => ({ ...r, taxNumber: '' })),
    },
    buyer: { ...buyer, vat: null },
    euDestinationRates,
  };
}

const UNCONFIGURED: CartTaxContext = {
  settings: UNCONFIGURED_TAX_SETTINGS,
  buyer: { country: null, region: null, vat: null },
  euDestinationRates: false,
};

/**
 * The cart's money at the prices the buyer pays: subtotal, the promo code's discount on the lines
 * it covers (#shared/promo-discount; a bare number is a percent off every line), the tax on what
 * is left by the store's rule (shared/tax; 8% for a store nobody set up), and the total.
 */
export function cartTotals(
  lines: readonly (Pick<CartLine, 'priceCents' | 'originalPriceCents' | 'quantity'> & {
    productId?: string;
  })[],
  promo: Pick<Promo, 'percentOff' | 'amountOffCents' | 'productIds'> | number | null = null,
  context: CartTaxContext = UNCONFIGURED,
): CartTotals {
  const { settings } = context;
  const code = typeof promo === 'number' ? { percentOff: promo, amountOffCents: null } : promo;
  const tax = taxForOrder({
    settings,
    buyer: context.buyer,
    lines: lines.map((line) => ({
      unitPriceCents: line.priceCents,
      quantity: line.quantity,
      eligible:
        typeof promo !== 'object' ||
        promo === null ||
        line.productId === undefined ||
        promoCovers(promo, line.productId),
    })),
    promo: code && promoDiscount(code),
    euCrossBorderSalesCents: context.euDestinationRates ? settings.ossThresholdCents + 1 : 0,
  });
  return {
    itemCount: itemCount(lines),
    subtotalCents: tax.subtotalCents,
    savingsCents: lines.reduce((sum, line) => sum + lineSavingsCents(line), 0),
    discountCents: tax.discountCents,
    taxCents: tax.taxCents,
    totalCents: tax.totalCents,
    tax: {
      basis: tax.basis,
      name: tax.name,
      rate: tax.rate,
      pricesIncludeTax: tax.pricesIncludeTax,
      note: tax.note,
    },
  };
}
