import { decodePeaks } from '#shared/waveform';

/**
 * A pack item's waveform, drawn from its stored peaks (#shared/waveform) as one SVG path that
 * stretches to its box: crisp at any width, no layout shift. The played part is coloured.
 */
export function ItemWaveform({ peaks, playing }: { peaks: string | null; playing: boolean }) {
  const values = peaks ? decodePeaks(peaks) : new Uint8Array(0);
  let path = '';
  values.forEach((peak, i) => {
    // At least a hairline, so silence still reads as part of the sound.
    const height = Math.max(2, (peak / 255) * 100);
    path += `M${i} ${(100 - height) / 2}h0.7v${height}h-0.7z`;
  });
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${Math.max(1, values.length)} 100`}
      preserveAspectRatio="none"
      className="h-8 w-full"
    >
      <path d={path} className={playing ? 'fill-brand-400' : 'fill-zinc-500'} />
    </svg>
  );
}
