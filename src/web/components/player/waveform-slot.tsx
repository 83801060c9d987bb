import { lazy, Suspense, type ComponentProps } from 'react';

const Waveform = lazy(() => import('./waveform').then((m) => ({ default: m.Waveform })));

/**
 * A Waveform whose code loads apart from the page's first JavaScript (the shopper's budget): the
 * server draws it whole, and until its code is in, the browser keeps that drawing (or, after a
 * page change, an empty box of the same size, so nothing moves).
 */
export function WaveformSlot(props: ComponentProps<typeof Waveform>) {
  const { heightClass = 'h-10', className = '' } = props;
  return (
    <Suspense fallback={<div className={`w-full shrink-0 ${heightClass} ${className}`} />}>
      <Waveform {...props} />
    </Suspense>
  );
}
