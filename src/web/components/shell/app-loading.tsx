import { AudioWaveform } from 'lucide-react';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function AppLoading() {
  return (
    <div
      role="status"
      aria-label="Loading Loopmarket"
      className="grid min-h-dvh place-items-center"
    >
      <span className="grid size-12 animate-pulse place-items-center rounded-xl bg-gradient-to-br from-brand-500 to-fuchsia-600">
        <AudioWaveform aria-hidden="true" className="size-6 text-white" />
      </span>
    </div>
  );
}
