/** A waveform's bars (waveform-bars.ts) stretched over their box, a fill class colouring them. */
export function WaveformShape({
  shape,
  className,
}: {
  shape: { path: string; bars: number };
  className: string;
}) {
  return (
    <svg
      viewBox={`0 0 ${shape.bars} 100`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className={`absolute inset-0 size-full ${className}`}
    >
      <path d={shape.path} />
    </svg>
  );
}
