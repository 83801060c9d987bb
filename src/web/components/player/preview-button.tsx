import { Pause, Play } from 'lucide-react';
import { usePreviewPlaying, withPlayer, type PreviewTrack } from './player-state';

/**
 * Play/pause of a preview in the store's one player, a round icon (over a card's cover, beside a
 * waveform): starting it stops any other. LabelledPreviewButton shows the words too.
 */
export function PreviewButton({
  track,
  className = '',
}: {
  track: PreviewTrack;
  className?: string;
}) {
  const playing = usePreviewPlaying(track.src);
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={() => withPlayer((player) => player.toggle(track))}
      aria-pressed={playing}
      aria-label={`${playing ? 'Pause' : 'Play'} preview of ${track.label}`}
      className={`grid size-10 shrink-0 place-items-center rounded-full text-white shadow-lg transition-all ${
        playing
          ? 'bg-brand-500 ring-4 ring-brand-500/30'
          : 'bg-zinc-950/80 backdrop-blur hover:bg-brand-600'
      } ${className}`}
    >
      <Icon aria-hidden="true" className="size-4 fill-current" />
    </button>
  );
}
