import type { SignInProvider } from './auth';
import type { PublicBrand } from './store-brand';
import type { TaxSettings } from './tax-settings';

/**
 * What the store tells every visitor about itself (GET /api/store): its name, support address
 * (the store settings, STORE_NAME and SUPPORT_EMAIL until the owner saves them) and public address (PUBLIC_URL, for the canonical links and structured data of its pages), and
 * the single sign-on providers its sign-in offers (SSO_PROVIDERS: ids and names only).
 */
export interface StoreInfo {
  name: string;
  supportEmail: string;
  publicUrl: string;
  signInProviders: SignInProvider[];
  /** What the cart needs to estimate tax by the store's rule; never a tax number. */
  tax: PublicTaxSettings;
  /** What the checkout asks for, by the owner's tax settings (shared/tax-settings.ts). */
  checkout: CheckoutAsks;
  /** The store's look and links (admin → Settings → Store; shared/store-brand.ts). */
  brand: PublicBrand;
}

export interface CheckoutAsks {
  /** The street address, city, postal code, state and phone are required, not optional. */
  requireFullAddress: boolean;
  /** A business buyer may give a VAT number: the store sells from or is registered in the EU. */
  asksVatNumber: boolean;
  /** A guest may ask for one reminder should they not finish (#shared/cart-reminders). */
  offersCartReminder: boolean;
}

/**
 * The tax settings without the store's tax numbers, and instead of its sales figures whether EU
 * consumers abroad pay their own country's rate (the store is over the OSS threshold).
 */
export type PublicTaxSettings = Pick<
  TaxSettings,
  | 'pricesIncludeTax'
  | 'homeCountry'
  | 'homeRegion'
  | 'fallback'
  | 'rateOverrides'
  | 'requireFullAddress'
> & {
  registrations: { country: string; region: string | null }[];
  euDestinationRates: boolean;
};
