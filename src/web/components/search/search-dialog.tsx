import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
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
export function SearchDialog({ open, onOpenChange }: Omit<SearchOverlayProps, 'returnFocusTo'>) {
  const [wanted, setWanted] = useState(open);
  // Once opened it stays mounted, so closing runs the dialog's own close.
  if (open && !wanted) setWanted(true);

  // What had focus when the overlay opened (the search button, or wherever Ctrl+K was pressed):
  // closing gives focus back to it. Read before the overlay's content takes focus.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    }
  }, [open]);

  if (!wanted) return null;
  return (
    <Suspense fallback={open ? <LoadingOverlay /> : null}>
      <SearchOverlay open={open} onOpenChange={onOpenChange} returnFocusTo={opener} />
    </Suspense>
  );
}
