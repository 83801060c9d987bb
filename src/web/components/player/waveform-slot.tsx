import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { CARD_PEAKS } from '#shared/waveform';
import { waveformPath } from './waveform-bars';
import { WaveformShape } from './waveform-shape';

const Waveform = lazy(() => import('./waveform').then((m) => ({ default: m.Waveform })));

/**
 * A Waveform whose code loads apart from the page's first JavaScript (the shopper's budget): until
 * its code is in, the same bars are drawn, still, in the same box (nothing moves or flashes).
 */
export function WaveformSlot(props: ComponentProps<typeof Waveform>) {
  const { heightClass = 'h-10', className = '', track } = props;
  const shape = useMemo(() => waveformPath(track.peaks, CARD_PEAKS), [track.peaks]);
  const still = (
    <div className={`relative w-full shrink-0 ${heightClass} ${className}`}>
      <WaveformShape shape={shape} className="fill-zinc-600" />
    </div>
  );
  return (
    <Suspense fallback={still}>
      <Waveform {...props} />
    </Suspense>
  );
}
