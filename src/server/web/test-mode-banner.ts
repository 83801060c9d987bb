/**
 * What every page says when a production store takes test payments on purpose
 * (PAYMENTS_TEST_MODE=true, or Stripe test keys): no visitor should mistake it for a live shop.
 * Plain HTML in the page itself, so it shows before the app's code and with scripts off.
 */
export const TEST_MODE_BANNER_TEXT =
  'Test mode: this store takes test payments only. No card is charged and no order is real.';

export const testModeBanner = `<p role="note" class="border-b border-amber-500/40 bg-amber-950 px-4 py-2 text-center text-sm font-medium text-amber-200">${TEST_MODE_BANNER_TEXT}</p>`;
