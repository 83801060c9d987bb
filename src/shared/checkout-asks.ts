import { isEuCountry } from './countries';
import type { CheckoutAsks } from './store';
import type { TaxSettings } from './tax-settings';

/**
 * What the checkout asks for under the owner's tax settings: the full address when they require
 * it, and a VAT number where a business buyer's one changes the tax (a store established in the
 * EU, or registered for the EU's one-stop shop).
 */
export function checkoutAsksOf(
  settings: Pick<TaxSettings, 'requireFullAddress' | 'homeCountry' | 'registrations'>,
): Omit<CheckoutAsks, 'offersCartReminder'> {
  return {
    requireFullAddress: settings.requireFullAddress,
    asksVatNumber:
      (settings.homeCountry !== null && isEuCountry(settings.homeCountry)) ||
      settings.registrations.some((registration) => registration.country === 'EU'),
  };
}
