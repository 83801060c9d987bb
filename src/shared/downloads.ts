import { z } from 'zod';
import { filePlatforms, purchaseVersionSchema } from './versions';

export { DOWNLOAD_FAILED, downloadErrorMessage, downloadErrors } from './download-errors';

/** How long a download link works once issued (it is used at once). */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

/**
 * The latest available version's file by default; a file by its id (a format, an older
 * version's), an older available version, a platform's file.
 */
export const createDownloadSchema = z.object({
  orderItemId: z.string().uuid(),
  fileId: z.string().uuid().optional(),
  versionId: z.string().uuid().optional(),
  platform: z.enum(filePlatforms).optional(),
});

export const downloadLinkSchema = z.object({
  downloadUrl: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  downloadsRemaining: z.number().int(),
  /** Downloaded without spending any: the owner's account re-downloads without limit. */
  unlimited: z.boolean(),
});

/** A purchased product, as the download hub lists it. */
export const purchaseSchema = z.object({
  id: z.string().uuid(),
  productId: z.string().uuid(),
  downloadsRemaining: z.number().int(),
  /**
   * The product is sold "unlimited for account holders" and this is the owner's account: its
   * downloads are not counted (a guest's receipt link always counts `downloadsRemaining`).
   */
  unlimited: z.boolean(),
  quantity: z.number().int(),
  product: z.object({
    name: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    fileSize: z.number().int().nullable(),
    downloadLimit: z.number().int(),
  }),
  order: z.object({ id: z.string().uuid(), orderNumber: z.string(), createdAt: z.string() }),
  /** The latest available version (null for a product without versions) and the older ones. */
  latestVersion: purchaseVersionSchema.nullable(),
  olderVersions: z.array(purchaseVersionSchema),
  /** A version newer than the buyer's last download of the product (#shared/versions isUpdated). */
  updated: z.boolean(),
});

export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseStatusSchema = z.object({
  isPurchased: z.boolean(),
  isDigitalDownload: z.boolean(),
  purchaseLimit: z.number().int().nullable(),
});

export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;
