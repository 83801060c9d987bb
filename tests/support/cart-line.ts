import type { CartLine } from '#shared/cart';

/** A cart line for rule tests: one $10.00 pack, standard licence, unless told otherwise. */
export const cartLine = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: 'p1',
  licenseType: 'standard',
  quantity: 1,
  name: 'Pack',
  priceCents: 1000,
  originalPriceCents: null,
  image: '/media/x.svg',
  category: 'Packs',
  purchaseLimit: null,
  ...overrides,
});
