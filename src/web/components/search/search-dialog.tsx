import { lazy, Suspense, useState } from 'react';
import type { SearchOverlayProps } from './search-overlay';

/** The overlay's code (dialog, input, results) loads when it is first opened, not with every page. */
const SearchOverlay = lazy(() =>
  import('./search-overlay').then((m) => ({ default: m.SearchOverlay })),
);

function LoadingOverlay() {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 grid place-items-center bg-black/70 text-zinc-200 backdrop-blur-sm"
    >
      Loading search...
    </div>
  );
}

/** The header's search overlay, opened by the search button or Ctrl+K. */
export function SearchDialog({ open, onOpenChange }: SearchOverlayProps) {
  const [wanted, setWanted] = useState(open);
  // Once opened it stays mounted, so closing runs the dialog's own close.
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={open ? <LoadingOverlay /> : null}>
      <SearchOverlay open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
