import { useId } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, Loader2 } from 'lucide-react';
import { ARCHIVE_NOTE_NAME } from '#shared/archive-names';
import type { ArchiveLink } from '#shared/archives';
import { formatFileSize } from '#shared/product';
import { purchaseKeys } from '#web/api/downloads';
import { ApiError } from '#web/api/http';
import { Button, type ButtonSize } from '#web/components/ui/button';
import { startDownload } from '#web/components/ui/start-download';

const FAILED = 'Your archive could not be prepared. Please try again.';

/** What the buyer reads once the archive has started downloading. */
export function archiveStartedMessage(link: ArchiveLink): string {
  const files = `${link.files} ${link.files === 1 ? 'file' : 'files'}`;
  const left =
    link.skipped > 0
      ? ` ${link.skipped} ${link.skipped === 1 ? 'item was' : 'items were'} left out: see ${ARCHIVE_NOTE_NAME} inside.`
      : '';
  return `Your download has started: ${link.fileName} (${files}, ${formatFileSize(link.totalBytes)}).${left}`;
}

/**
 * "Download everything": asks the server for one ZIP (spending one download per line it holds)
 * and starts it. Busy while the archive is prepared; then says what started, or why not.
 */
export function DownloadEverything({
  request,
  size = 'md',
  className = '',
  label = 'Download everything',
  name,
}: {
  request: () => Promise<ArchiveLink>;
  size?: ButtonSize;
  className?: string;
  label?: string;
  /** A fuller accessible name where several such buttons share a page (it contains `label`). */
  name?: string;
}) {
  const statusId = useId();
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: request,
    onSuccess: (link) => startDownload(link.url, link.fileName),
    // Downloads left changed on every line the archive holds.
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
  const error = archive.isError
    ? archive.error instanceof ApiError && archive.error.message
      ? archive.error.message
      : FAILED
    : null;
  return (
    <div className={className}>
      <Button
        size={size}
        className="w-full"
        onClick={() => archive.mutate()}
        disabled={archive.isPending}
        aria-busy={archive.isPending}
        aria-label={archive.isPending ? undefined : name}
        aria-describedby={statusId}
      >
        {archive.isPending ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Archive aria-hidden="true" className="size-4" />
        )}
        {archive.isPending ? 'Preparing your archive…' : label}
      </Button>
      <div id={statusId} aria-live="polite" className="mt-2 text-sm empty:hidden">
        {archive.isSuccess && (
          <p className="text-emerald-300">{archiveStartedMessage(archive.data)}</p>
        )}
        {error && (
          <p role="alert" className="text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
