import { useMemo } from 'react';
import { CARD_PEAKS } from '#shared/waveform';
import { waveformPath } from '#web/components/player/waveform-bars';
import { WaveformShape } from '#web/components/player/waveform-shape';

/** The product preview's box (product-preview.tsx), the same while its code loads. */
export const PREVIEW_BOX =
  'flex h-20 items-center gap-4 rounded-xl border border-zinc-800 bg-zinc-900 p-3 pr-4';

/** What the product's preview shows until its code is in: its button's place and its bars, still. */
export function ProductPreviewStill({ peaks }: { peaks: string }) {
  const shape = useMemo(() => waveformPath(peaks, CARD_PEAKS), [peaks]);
  return (
    <div className={PREVIEW_BOX}>
      <div className="size-10 shrink-0 rounded-full bg-zinc-950/80" />
      <div className="relative h-14 min-w-0 flex-1">
        <WaveformShape shape={shape} className="fill-zinc-600" />
      </div>
    </div>
  );
}
