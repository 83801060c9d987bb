import { z } from 'zod';

/**
 * A signed-in buyer's remembered billing details: the last paid cart checkout's, as its order
 * keeps them (country and region as codes), so the next information step starts filled in.
 */
export const savedBillingSchema = z.object({
  details: z.record(z.string(), z.string()),
  updatedAt: z.string(),
});

export type SavedBilling = z.infer<typeof savedBillingSchema>;

/** GET /api/account/billing-details: the remembered details, or null when there are none. */
export const savedBillingAnswerSchema = z.object({ savedBilling: savedBillingSchema.nullable() });

export type SavedBillingAnswer = z.infer<typeof savedBillingAnswerSchema>;

export const savedBillingMessages = {
  deleted: 'Your saved billing details have been deleted.',
  deleteFailed: 'Your saved billing details could not be deleted. Please try again.',
  loadFailed: 'Failed to load your saved billing details.',
  none: 'No billing details saved yet. After your next purchase, the details you paid with fill in your next checkout.',
} as const;
