import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';

/** The sheet's code (a Radix dialog) loads on the first tap, not with every page. */
const loadSheet = () => import('./mobile-nav-sheet');
const MobileNavSheet = lazy(() => loadSheet().then((m) => ({ default: m.MobileNavSheet })));

/** Below the md breakpoint the navigation lives in a sheet sliding in from the left. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  // Once opened the sheet stays mounted, so closing runs the dialog's own close.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // A finger on the button starts the download before the tap ends.
        onPointerDown={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="grid size-10 place-items-center rounded-lg text-zinc-300 hover:bg-zinc-800 hover:text-white md:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
