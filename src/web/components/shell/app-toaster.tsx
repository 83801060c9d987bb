import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { usePlayerOpen } from '#web/components/player/player-state';
import { markToasterMounted } from './toast';

/** Toasts last 4 s, 2 s for success (a loading toast stays); at most 20, at most 350 px wide. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_SUCCESS_DURATION_MS = 2000;
export const TOAST_MAX_VISIBLE = 20;
export const TOAST_MAX_WIDTH_PX = 350;

export function AppToaster() {
  const { toasts } = useToasterStore();
  // Above the player bar while it is open (its 4.5 rem and the toaster's own 16 px).
  const playerOpen = usePlayerOpen();

  useEffect(markToasterMounted, []);

  // react-hot-toast has no limit option: dismiss whatever is visible beyond the newest 20.
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_MAX_VISIBLE)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="bottom-right"
      containerStyle={playerOpen ? { bottom: 88 } : undefined}
      toastOptions={{
        duration: TOAST_DURATION_MS,
        success: { duration: TOAST_SUCCESS_DURATION_MS },
        style: {
          maxWidth: TOAST_MAX_WIDTH_PX,
          background: '#18181b',
          color: '#f4f4f5',
          border: '1px solid #3f3f46',
        },
      }}
    />
  );
}
