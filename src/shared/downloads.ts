import { z } from 'zod';

/** SPEC §8 download failures: the code each answers with, and what the buyer reads. */
export const downloadErrors = {
  UNAUTHORIZED: 'Please log in to download your files',
  NO_DOWNLOADS_REMAINING: 'You have used all available downloads for this product',
  ORDER_NOT_COMPLETED: 'Your order is still being processed',
  ACCESS_DENIED: 'You do not have permission to download this file',
  NO_DOWNLOAD_URL: 'No download URL received',
} as const;

export const DOWNLOAD_FAILED = 'Failed to generate download URL';

export function downloadErrorMessage(code: string | undefined): string {
  return (code && downloadErrors[code as keyof typeof downloadErrors]) || DOWNLOAD_FAILED;
}

/** How long a download link works once issued (it is used at once). */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export const createDownloadSchema = z.object({ orderItemId: z.string().uuid() });

export const downloadLinkSchema = z.object({
  downloadUrl: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  downloadsRemaining: z.number().int(),
});

/** SPEC §3 purchased-product entry and download hub product. */
export const purchaseSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  downloadsRemaining: z.number().int(),
  quantity: z.number().int(),
  product: z.object({
    name: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    fileSize: z.number().int().nullable(),
    downloadLimit: z.number().int(),
  }),
  order: z.object({ id: z.string().uuid(), orderNumber: z.string(), createdAt: z.string() }),
});

export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseStatusSchema = z.object({
  isPurchased: z.boolean(),
  isDigitalDownload: z.boolean(),
  purchaseLimit: z.number().int().nullable(),
});

export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;
