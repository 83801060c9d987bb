import { useMemo, type MouseEvent } from 'react';
import { usePreview, withPlayer, type PreviewTrack } from '#web/components/player/player-state';
import { playedFraction } from '#web/components/player/player-time';
import { waveformPath } from '#web/components/player/waveform-bars';
import { WaveformShape } from '#web/components/player/waveform-shape';

/** Bars drawn for an item: its column is narrow, so fewer than a card's. */
const ITEM_BARS = 48;

/**
 * A pack item's waveform, drawn with the player's shapes: the played part coloured as it plays,
 * and a click seeks there. Unlike the product's Waveform it is not a tab stop of its own: the
 * list is one (pack-item-list.tsx), and the item's button plays it.
 */
export function ItemWaveform({ track }: { track: PreviewTrack & { peaks: string } }) {
  const { current, position, duration } = usePreview(track.src);
  const shape = useMemo(() => waveformPath(track.peaks, ITEM_BARS), [track.peaks]);
  const played = current ? playedFraction(position, duration) : 0;

  function seek(event: MouseEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const fraction = (event.clientX - rect.left) / rect.width;
    withPlayer((player) => player.seekFraction(track, fraction));
  }

  return (
    // A pointer shortcut only: the keyboard plays the item from its button.
    <div aria-hidden="true" onClick={seek} className="relative h-8 w-full cursor-pointer">
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
