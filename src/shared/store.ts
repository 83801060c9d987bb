import type { SignInProvider } from './auth';

/**
 * What the store tells every visitor about itself (GET /api/store): its name, support address
 * and public address (PUBLIC_URL, for the canonical links and structured data of its pages), and
 * the single sign-on providers its sign-in offers (SSO_PROVIDERS: ids and names only).
 */
export interface StoreInfo {
  name: string;
  supportEmail: string;
  publicUrl: string;
  signInProviders: SignInProvider[];
  /** What the checkout asks for, by the owner's tax settings (shared/tax-settings.ts). */
  checkout: CheckoutAsks;
}

export interface CheckoutAsks {
  /** The street address, city, postal code, state and phone are required, not optional. */
  requireFullAddress: boolean;
  /** A business buyer may give a VAT number: the store sells from or is registered in the EU. */
  asksVatNumber: boolean;
}
