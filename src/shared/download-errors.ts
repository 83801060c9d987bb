// Kept apart from downloads.ts so the pages that show these messages do not load zod.

/** Download failures: the code each answers with, and what the buyer reads. */
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
