import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { extractionRunning, type PackExtractionView } from '#shared/pack-extraction';
import { ErrorAlert } from '#web/components/ui/alert';
import { adminPackContentsQueryOptions, adminPackExtractionQueryOptions } from '../api/products';

const fileOf = (view: PackExtractionView) => view.fileName ?? 'the uploaded ZIP';

function progressText(view: PackExtractionView): string {
  if (view.status === 'queued') return `Waiting to read ${fileOf(view)}…`;
  if (view.itemsTotal === null) return `Opening ${fileOf(view)}…`;
  return `Reading ${fileOf(view)}: ${view.itemsDone} of ${view.itemsTotal} items`;
}

/**
 * Where the reading of the pack's ZIP stands (GET /api/admin/products/:id/extraction, asked
 * every second while it runs). When it finishes, the contents list below is read again.
 */
export function PackExtractionStatus({ productId }: { productId: string }) {
  const queryClient = useQueryClient();
  const extraction = useQuery(adminPackExtractionQueryOptions(productId));
  const view = extraction.data ?? null;
  const running = extractionRunning(view);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({
        queryKey: adminPackContentsQueryOptions(productId).queryKey,
      });
    }
    wasRunning.current = running;
  }, [running, productId, queryClient]);

  if (!view) return null;
  if (running) {
    return (
      <div className="mb-4 rounded-lg border border-brand-500/40 bg-brand-500/10 p-4">
        <p id="pack-extraction-progress" className="text-sm text-zinc-100" aria-live="polite">
          {progressText(view)}
        </p>
        <progress
          aria-labelledby="pack-extraction-progress"
          className="mt-3 h-2 w-full accent-brand-400"
          max={view.itemsTotal ?? undefined}
          value={view.itemsTotal === null ? undefined : view.itemsDone}
        />
        <p className="mt-2 text-xs text-zinc-400">
          You can leave this page: the store keeps reading, and the items appear here when it is
          done.
        </p>
      </div>
    );
  }
  if (view.status === 'failed') {
    return (
      <div className="mb-4">
        <ErrorAlert title={`${fileOf(view)} could not be listed.`}>
          <p className="mt-1 text-sm">{view.error}</p>
        </ErrorAlert>
      </div>
    );
  }
  return (
    <p className="mb-4 text-sm text-zinc-300" role="status">
      Listed {view.itemsDone} {view.itemsDone === 1 ? 'item' : 'items'} from {fileOf(view)}.
    </p>
  );
}
