import type {
  FreeClaimRequest,
  FreeClaimResponse,
  FreeOrderConfirmed,
} from '#shared/free-products';
import { apiFetch } from './http';

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * "Get it free" on a $0 product (POST /api/checkout/free): in the library at once when signed
 * in, else a link mailed to the address given. Fails with the server's message. Kept apart from
 * the checkout client, which a product page loads only when Buy Now is near.
 */
export const claimFreeProduct = (input: FreeClaimRequest) =>
  apiFetch<FreeClaimResponse>('/api/checkout/free', post(input));

/** The mailed link of a guest's $0 order, followed: its guest order page's token. */
export const confirmFreeOrder = (token: string) =>
  apiFetch<FreeOrderConfirmed>('/api/checkout/free/confirm', post({ token }));
