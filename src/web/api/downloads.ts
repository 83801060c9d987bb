import { queryOptions } from '@tanstack/react-query';
import type { OrderDocuments } from '#shared/invoices';
import type { GuestOrderLicense } from '#shared/orders';
import type { ArchiveLink } from '#shared/archives';
import type { z } from 'zod';
import { downloadErrors } from '#shared/download-errors';
import type { downloadLinkSchema, Purchase, PurchaseStatus } from '#shared/downloads';
import type { FilePlatform } from '#shared/versions';
import { ApiError, apiFetch } from './http';

/** Which file: one by its id, an older version's, a platform's; the latest's one file by default. */
export interface DownloadChoice {
  fileId?: string;
  versionId?: string;
  platform?: FilePlatform;
}

/** A short-lived link to one purchased file, and the downloads left after this one. */
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/** A guest's order, opened with the receipt's signed token. */
export interface GuestOrder extends OrderDocuments {
  email: string;
  orderNumber: string;
  data: Purchase[];
  /** The order's licence keys (one per licence bought). */
  licenses: GuestOrderLicense[];
}

/** Purchased products stay fresh for 5 minutes; a download refreshes them at once. */
const PURCHASES_STALE_TIME = 5 * 60_000;

export const purchaseKeys = {
  all: ['purchases'] as const,
  /** Keyed by user, so one account never sees another's files from the cache. */
  list: (userId: string) => [...purchaseKeys.all, 'list', userId] as const,
  guestOrder: (token: string) => [...purchaseKeys.all, 'guest-order', token] as const,
};

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const guestPath = (token: string) => `/api/guest-orders/${encodeURIComponent(token)}`;

/** An answer without a link is a failure of its own. */
async function requireLink(request: Promise<DownloadLink>): Promise<DownloadLink> {
  const link = await request;
  if (!link.downloadUrl) throw new ApiError(500, 'NO_DOWNLOAD_URL', downloadErrors.NO_DOWNLOAD_URL);
  return link;
}

/** The signed-in user's purchased items of completed orders, newest first. */
export const purchasesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: purchaseKeys.list(userId),
    queryFn: () =>
      apiFetch<{ data: Purchase[] }>('/api/purchases').then((response) => response.data),
    staleTime: PURCHASES_STALE_TIME,
  });

/** The items of one guest order; a bad or expired token is a 403. */
export const guestOrderQueryOptions = (token: string) =>
  queryOptions({
    queryKey: purchaseKeys.guestOrder(token),
    queryFn: () => apiFetch<GuestOrder>(guestPath(token)),
    staleTime: PURCHASES_STALE_TIME,
  });

/** Each call spends one download of the order item. */
export const downloadsApi = {
  create: (orderItemId: string, choice: DownloadChoice = {}) =>
    requireLink(apiFetch<DownloadLink>('/api/downloads', post({ orderItemId, ...choice }))),
  createForGuest: (token: string, orderItemId: string, choice: DownloadChoice = {}) =>
    requireLink(
      apiFetch<DownloadLink>(`${guestPath(token)}/downloads`, post({ orderItemId, ...choice })),
    ),
};

/** Whether the signed-in user owns one product (fresh for 5 minutes). */
export const purchaseStatusQueryOptions = (userId: string, productId: string) =>
  queryOptions({
    queryKey: [...purchaseKeys.all, 'status', userId, productId] as const,
    queryFn: () =>
      apiFetch<PurchaseStatus>(`/api/purchases/${encodeURIComponent(productId)}/status`),
    staleTime: PURCHASES_STALE_TIME,
  });

/** "Download everything": each call spends one download per line it zips (server decides). */
export const archivesApi = {
  order: (orderId: string) =>
    apiFetch<ArchiveLink>(`/api/orders/${encodeURIComponent(orderId)}/archive`, post({})),
  guest: (token: string) => apiFetch<ArchiveLink>(`${guestPath(token)}/archive`, post({})),
  owned: (format?: string) =>
    apiFetch<ArchiveLink>('/api/downloads/archive', post(format ? { format } : {})),
};
