import { AudioWaveform } from 'lucide-react';

/** Shown in place of the page while the first page's code loads. */
export function AppLoading() {
  return (
    <div
      role="status"
      aria-label="Loading Loopmarket"
      // As tall as the screen, so the footer stays out of view until the page arrives.
      className="grid min-h-dvh place-items-center"
    >
      <span className="grid size-12 animate-pulse place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-fuchsia-600">
        <AudioWaveform aria-hidden="true" className="size-6 text-white" />
      </span>
    </div>
  );
}
