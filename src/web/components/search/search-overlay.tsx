import type { RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { SearchPanel } from './search-panel';

export interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened the overlay; focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** The search overlay: a modal whose content (and typed text) is discarded on close. */
export function SearchOverlay({ open, onOpenChange, returnFocusTo }: SearchOverlayProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          // There is no Dialog.Trigger to go back to: Radix would leave focus on the page body.
          onCloseAutoFocus={(event) => {
            const element = returnFocusTo.current;
            if (!element?.isConnected) return;
            event.preventDefault();
            element.focus();
          }}
          className="fixed top-[6vh] left-1/2 z-50 flex max-h-[80dvh] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-2xl shadow-black/60 sm:top-[12vh]"
        >
          <Dialog.Title className="sr-only">Search</Dialog.Title>
          <SearchPanel onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
