import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { CARD_PEAKS } from '#shared/waveform';
import { usePreview, withPlayer, type PreviewTrack } from './player-state';
import { playedFraction, positionText, seekStepSeconds } from './player-time';
import { PIXELS_PER_BAR, waveformPath } from './waveform-bars';
import { WaveformShape } from './waveform-shape';

interface WaveformProps {
  /** The preview it draws; `track.peaks` are its peaks. */
  track: PreviewTrack & { peaks: string };
  /** Its fixed height (a Tailwind class); the width follows the container. */
  heightClass?: string;
  className?: string;
  /**
   * Keeps the server's bars (CARD_PEAKS of them, stretched) until its preview is the current
   * one, measuring its width only then: a card's waveform costs nothing as the page hydrates.
   */
  stillUntilPlayed?: boolean;
}

/**
 * A preview's waveform, drawn from its peaks: the played part coloured as it
 * plays, a click or tap seeks there (starting it if another preview was playing). For the
 * keyboard and screen readers it is a slider: arrows seek, Space plays or pauses, and it reads
 * as the preview's name, its state and its position ("0:05 of 0:12, playing").
 */
export function Waveform({
  track,
  heightClass = 'h-10',
  className = '',
  stillUntilPlayed = false,
}: WaveformProps) {
  const { current, playing, position, duration } = usePreview(track.src);
  const box = useRef<HTMLDivElement>(null);
  // As many bars as fit its width (measured once mounted, so the server draws the card's count).
  const [bars, setBars] = useState(CARD_PEAKS);
  const measured = current || !stillUntilPlayed;
  useEffect(() => {
    const el = box.current;
    if (!el || !measured) return;
    const measure = () => {
      const width = el.getBoundingClientRect().width;
      if (width > 0) setBars(Math.max(16, Math.floor(width / PIXELS_PER_BAR)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measured]);
  const shape = useMemo(() => waveformPath(track.peaks, bars), [track.peaks, bars]);

  const played = current ? playedFraction(position, duration) : 0;
  const state = !current ? 'not playing' : playing ? 'playing' : 'paused';
  const valueText = current ? `${positionText(position, duration)}, ${state}` : state;

  function seekToPointer(event: MouseEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const fraction = (event.clientX - rect.left) / rect.width;
    withPlayer((player) => player.seekFraction(track, fraction));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const by = seekStepSeconds(current ? duration : 0);
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? by
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -by
          : null;
    if (step !== null) {
      withPlayer((player) => player.seekBy(track, step));
    } else if (event.key === ' ' || event.key === 'Enter') {
      withPlayer((player) => player.toggle(track));
    } else if (event.key === 'Home') {
      withPlayer((player) => player.seekFraction(track, 0));
    } else {
      return;
    }
    event.preventDefault();
  }

  return (
    <div
      ref={box}
      role="slider"
      tabIndex={0}
      aria-label={`Preview of ${track.label}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(played * 100)}
      aria-valuetext={valueText}
      data-playing={playing || undefined}
      onClick={seekToPointer}
      onKeyDown={onKeyDown}
      className={`relative w-full shrink-0 cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 ${heightClass} ${className}`}
    >
      <WaveformShape shape={shape} className={current ? 'fill-zinc-500' : 'fill-zinc-600'} />
      {played > 0 && (
        <div
          className="absolute inset-0"
          style={{ clipPath: `inset(0 ${(1 - played) * 100}% 0 0)` }}
        >
          <WaveformShape shape={shape} className="fill-brand-400" />
        </div>
      )}
    </div>
  );
}
