import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import { startDownload } from '#web/components/ui/start-download';
import { downloadErrorMessage, downloadErrors } from '#shared/download-errors';
import type { Purchase } from '#shared/downloads';
import { sessionKeys } from '#web/session/session-query';
import type { DownloadChoice, DownloadLink } from '#web/api/downloads';
import { ApiError } from '#web/api/http';

/** Download toasts: failures the server did not name read as this. */
const DOWNLOAD_FAILED = 'Download failed';

/** What the buyer reads when a download could not start. */
export function downloadFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return DOWNLOAD_FAILED;
  if (error.code in downloadErrors || error.status >= 500) return downloadErrorMessage(error.code);
  // An expired guest link, a vanished order item, no connection: the server's own words.
  return error.message || DOWNLOAD_FAILED;
}

/**
 * Spends one download of a purchase and starts the file. The list under `listKey` is read again
 * afterwards, whatever happened; the button stays busy until it is, so a stale count is never
 * offered.
 */
export function useDownload(
  request: (orderItemId: string, choice?: DownloadChoice) => Promise<DownloadLink>,
  listKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchase, choice }: { purchase: Purchase; choice?: DownloadChoice }) =>
      request(purchase.id, choice),
    onSuccess: (link, { purchase }) => {
      startDownload(link.downloadUrl, link.fileName);
      toast.success(`Download started for ${purchase.product.name}`);
    },
    onError: (error) => {
      toast.error(downloadFailureMessage(error));
      // The session ended meanwhile: reading it again sends a signed-in page to /login.
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}
