import { queryOptions } from '@tanstack/react-query';
import type { HealthReport } from '#shared/health';
import type { StoredCartLine } from '#shared/cart-api';
import type { CheckoutSessionResponse } from '#shared/checkout';
import type { CheckoutSessionInput } from '#web/api/checkout';
import { ApiError, apiFetch } from '#web/api/http';

export type { HealthReport };

/** The health report is the answer to 200 (ok, degraded) and to 503 (down) alike. */
async function fetchHealth(): Promise<HealthReport> {
  let response: Response;
  try {
    response = await fetch('/api/health', { headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Unable to reach the store. Check your connection.');
  }
  const body = (await response.json().catch(() => null)) as HealthReport | null;
  if ((response.ok || response.status === 503) && body && typeof body.status === 'string') {
    return body;
  }
  throw new ApiError(response.status, 'INTERNAL', `Health check failed (${response.status})`);
}

export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  health: () => [...diagnosticsKeys.all, 'health'] as const,
  storedCart: (userId: string) => [...diagnosticsKeys.all, 'stored-cart', userId] as const,
};

/** Always asked afresh: a developer looking at health wants now, not a cached answer. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: diagnosticsKeys.health(),
    queryFn: fetchHealth,
    staleTime: 0,
    retry: false,
  });

/** GET /api/cart exactly as the server answers it: the stored rows, unmapped. */
export const storedCartRowsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: diagnosticsKeys.storedCart(userId),
    queryFn: () => apiFetch<{ items: StoredCartLine[] }>('/api/cart'),
    staleTime: 0,
  });

/** The diagnostic pages create sessions with checkoutType 'direct'. */
export const createTestCheckout = (request: CheckoutSessionInput) =>
  apiFetch<CheckoutSessionResponse>('/api/checkout/sessions', {
    method: 'POST',
    body: JSON.stringify(request),
  });
