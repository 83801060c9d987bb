import { cartTaxContext, type CartTaxContext } from '#shared/cart-money';
import { useStoreInfo } from '#web/api/store';

/** The buyer's country as the browser's language says it ('de-DE' → DE), until checkout asks. */
export function guessedCountry(): string | null {
  if (typeof navigator === 'undefined') return null;
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * What the cart estimates tax with: the store's public tax settings and where the buyer is — the
 * checkout form's country and region once given, else the browser's guess. Undefined while the
 * store's settings load (the cart then shows the unconfigured store's 8% estimate).
 */
export function useCartTax(place?: { country: string; region?: string | null }) {
  const store = useStoreInfo();
  if (!store?.tax) return undefined;
  const country = place ? place.country.trim().toUpperCase() : guessedCountry();
  const region = place?.region?.trim().toUpperCase() || null;
  const context: CartTaxContext = cartTaxContext(store.tax, { country, region });
  return context;
}
