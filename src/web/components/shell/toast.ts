import { useSyncExternalStore } from 'react';
import type hotToast from 'react-hot-toast';

/**
 * The store's toasts, without react-hot-toast on the first page: its code (about
 * 5 kB of gzip with its CSS-in-JS) and the toaster load with the first toast a visitor is
 * shown, and most visits show none. Calls made while it loads are shown, in order, once it is in.
 *
 * A toast is handed to react-hot-toast only once the toaster has mounted: its timers count a
 * toast's life from when it was made, so one made while the toaster's code was still loading
 * (seconds on a slow connection) was dismissed the moment the toaster arrived, never seen.
 */

type ToastApi = typeof hotToast;
export interface ToastOptions {
  /** A toast with the id of one still shown replaces it instead of adding another. */
  id?: string;
}

let loading: Promise<ToastApi> | null = null;
let requested = false;
const listeners = new Set<() => void>();
let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

/** Called by the toaster once it is on the page: the toasts asked for so far are shown then. */
export function markToasterMounted() {
  toasterMounted();
}

function withToast(show: (toast: ToastApi) => void) {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  loading ??= Promise.all([import('react-hot-toast'), mounted]).then(([module]) => module.default);
  void loading.then(show);
}

export const toast = {
  /** A neutral message. */
  show: (message: string, options?: ToastOptions) => withToast((t) => t(message, options)),
  success: (message: string, options?: ToastOptions) =>
    withToast((t) => t.success(message, options)),
  error: (message: string, options?: ToastOptions) => withToast((t) => t.error(message, options)),
  dismiss: (id?: string) => {
    if (loading) withToast((t) => t.dismiss(id));
  },
};

/** Whether a toast has been asked for: the shell mounts the toaster from then on. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
    () => false,
  );
}
