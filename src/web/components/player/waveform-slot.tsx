import { lazy, Suspense, type ComponentProps } from 'react';

const Waveform = lazy(() => import('./waveform').then((m) => ({ default: m.Waveform })));

/**
 * A Waveform whose code loads apart from the page's first JavaScript (the shopper's budget). The
 * server draws it whole, and a page it drew keeps those bars until the code is in; a page the
 * browser draws itself holds its box empty meanwhile (the chunk is small, and cached after the
 * first page), so nothing below it moves.
 */
export function WaveformSlot(props: ComponentProps<typeof Waveform>) {
  const { heightClass = 'h-10', className = '' } = props;
  return (
    <Suspense fallback={<div className={`w-full shrink-0 ${heightClass} ${className}`} />}>
      <Waveform {...props} />
    </Suspense>
  );
}
