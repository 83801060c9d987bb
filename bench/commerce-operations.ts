import type { LoadRequest } from './load-test';
import type { Operation } from './operations';
import type { OrderHistorySample } from './order-history';
import type { Purchase } from './paid-orders';
import { benchAccounts, fillCart, signIn, type Visitor } from './shoppers';

export const SHOPPING_CALLS = {
  cart: 'cart read',
  checkout: 'checkout session',
  download: 'download link',
  adminList: 'admin: product list',
  adminOrders: 'admin: order list',
} as const;

/**
 * Shoppers fill carts and check out, owning nothing, as most visitors with a cart do. Buyers hold
 * the paid orders download links are made for: thousands each, which in a shopper's account would
 * slow checkout's check that nothing in the cart is owned already.
 */
export const SHOPPERS = benchAccounts('shopper', 10);
export const BUYERS = benchAccounts('buyer', 10);
/** The store's owner, made an admin in the database once signed up (enrolVisitors). */
export const ADMINS = benchAccounts('admin', 1);

/** Products in each shopper's stored cart. */
const CART_LINES = 3;

/**
 * Download links a second the paid orders are sized for, comfortably above what this store
 * answers (each link spends one of a purchase's few downloads, so the fixture must hold every
 * request of the warm-up and the measured run).
 */
const DOWNLOADS_PER_SECOND = 3_000;

/** The downloads each buyer's paid orders must hold for `seconds` of load. */
export const downloadsPerBuyer = (seconds: number) =>
  Math.ceil((DOWNLOADS_PER_SECOND * seconds) / BUYERS.length);

/**
 * What the visitors' sign-up left: their confirmation tokens, the buyers' purchases, and what to
 * look for in the store's past orders (null when BENCH_ORDERS is 0).
 */
export interface Enrolment {
  tokens: Map<string, string>;
  purchases: Purchase[];
  orderHistory: OrderHistorySample | null;
}

/** The billing form as a buyer fills it in on the checkout page. */
const BILLING_DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  address: '12 Analytical Street',
  apartment: '',
  city: 'Portland',
  country: 'United States',
  state: 'OR',
  postalCode: '97201',
  phone: '',
};

/** A JSON POST with the visitor's session, as the store's pages send it (with their Origin). */
function post(baseUrl: string, path: string, visitor: Visitor, body: unknown): LoadRequest {
  return {
    path,
    method: 'POST',
    headers: { cookie: visitor.cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** Hands out `items` in turn, round and round. */
function inTurn<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

/**
 * Signs the visitors in (following their confirmation links first) and fills the shoppers' carts,
 * then the shopping calls, each made by signed-in visitors in turn:
 * - cart read: GET /api/cart by shoppers whose stored carts hold a few products;
 * - checkout session: the checkout page's POST /api/checkout/sessions for that stored cart, which
 *   creates a PENDING order and a session with the local payment provider each time (the cart
 *   stays as it is until an order is paid);
 * - download link: POST /api/downloads by buyers, each paid order item asked at most as many times
 *   as it has downloads left, one round over all of them before the next;
 * - admin: product list and order list, by the store's owner (adminListPaths, adminOrderPaths).
 */
export async function commerceOperations(
  baseUrl: string,
  { tokens, purchases, orderHistory }: Enrolment,
  cartProductIds: string[],
  categoryIds: string[],
): Promise<Operation[]> {
  const shoppers: Visitor[] = [];
  for (const [i, account] of SHOPPERS.entries()) {
    const shopper = await signIn(baseUrl, account, tokens.get(account.email)!);
    await fillCart(baseUrl, shopper, cartProductIds.slice(i * CART_LINES, (i + 1) * CART_LINES));
    shoppers.push(shopper);
  }
  const buyers = new Map<string, Visitor>();
  for (const account of BUYERS) {
    buyers.set(account.email, await signIn(baseUrl, account, tokens.get(account.email)!));
  }

  const admins: Visitor[] = [];
  for (const account of ADMINS)
    admins.push(await signIn(baseUrl, account, tokens.get(account.email)!));
  const nextAdmin = inTurn(admins);
  const nextListPath = inTurn(adminListPaths(categoryIds));
  const nextOrdersPath = inTurn(orderHistory ? adminOrderPaths(orderHistory) : []);

  const nextShopper = inTurn(shoppers);
  const rounds = purchases.reduce((most, p) => Math.max(most, p.downloads), 0);
  const downloads: Purchase[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const purchase of purchases) if (purchase.downloads > round) downloads.push(purchase);
  }
  let downloaded = 0;
  const nextDownload = () => {
    // Past the fixture's last download (a faster machine than it was sized for) the last item
    // is asked again: it answers 4xx, which the errors column shows.
    const purchase = downloads[Math.min(downloaded++, downloads.length - 1)]!;
    const buyer = buyers.get(purchase.email)!;
    return post(baseUrl, '/api/downloads', buyer, { orderItemId: purchase.orderItemId });
  };

  return [
    {
      name: SHOPPING_CALLS.cart,
      path: '/api/cart',
      nextRequest: () => ({ path: '/api/cart', headers: { cookie: nextShopper().cookie } }),
    },
    {
      name: SHOPPING_CALLS.checkout,
      path: '/api/checkout/sessions',
      nextRequest: () =>
        post(baseUrl, '/api/checkout/sessions', nextShopper(), {
          checkoutType: 'cart',
          uiMode: 'embedded',
          billingDetails: BILLING_DETAILS,
        }),
    },
    { name: SHOPPING_CALLS.download, path: '/api/downloads', nextRequest: nextDownload },
    {
      name: SHOPPING_CALLS.adminList,
      path: '/api/admin/products',
      nextRequest: () => ({ path: nextListPath(), headers: { cookie: nextAdmin().cookie } }),
    },
    ...(orderHistory
      ? [
          {
            name: SHOPPING_CALLS.adminOrders,
            path: '/api/admin/orders',
            nextRequest: () => ({
              path: nextOrdersPath(),
              headers: { cookie: nextAdmin().cookie },
            }),
          },
        ]
      : []),
  ];
}

/**
 * What the admin's products page asks as its owner works: the first page in each order, a
 * category's, a status's, the products on sale, a search, and a page further on.
 */
function adminListPaths(categoryIds: string[]): string[] {
  const list = (query: string) => `/api/admin/products?${query}`;
  return [
    list('sort=created&order=desc'),
    list('sort=sales&order=desc'),
    list('sort=price&order=asc'),
    list('sort=name&order=asc&page=40'),
    ...categoryIds.slice(0, 3).map((id) => list(`category=${id}&sort=name&order=asc`)),
    list('status=archived&sort=created&order=desc'),
    list('status=active&onSale=true&sort=sales&order=desc'),
    list('q=drum&sort=created&order=desc'),
  ];
}

/** A UTC day `days` before today, as the orders page's date fields send it. */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * What the admin's orders page asks over the store's past orders: the first page, a status's, a
 * provider's, a promo code's, the last 30 days, an order number, the start of an e-mail address,
 * and a page further on.
 */
function adminOrderPaths(history: OrderHistorySample): string[] {
  const list = (query: string) => `/api/admin/orders?${query}`;
  return [
    list('page=1'),
    list('status=REFUNDED'),
    list('provider=local'),
    list(`promo=${encodeURIComponent(history.promoCode)}`),
    list(`from=${daysAgo(30)}&to=${daysAgo(0)}`),
    list(`q=${history.orderNumber}`),
    list(`q=${encodeURIComponent(history.emailPrefix)}`),
    list('page=40'),
  ];
}
