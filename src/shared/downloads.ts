import { z } from 'zod';

export { DOWNLOAD_FAILED, downloadErrorMessage, downloadErrors } from './download-errors';

/** How long a download link works once issued (it is used at once). */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export const createDownloadSchema = z.object({ orderItemId: z.string().uuid() });

export const downloadLinkSchema = z.object({
  downloadUrl: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  downloadsRemaining: z.number().int(),
});

/** A purchased product, as the download hub lists it. */
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
