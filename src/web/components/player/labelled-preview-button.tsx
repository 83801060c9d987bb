import { Pause, Play } from 'lucide-react';
import { usePreviewPlaying, withPlayer, type PreviewTrack } from './player-state';

/** Play/pause of a preview with its words beside the icon ("Play preview"). */
export function LabelledPreviewButton({ track }: { track: PreviewTrack }) {
  const playing = usePreviewPlaying(track.src);
  const Icon = playing ? Pause : Play;
  return (
    <button
      type="button"
      onClick={() => withPlayer((player) => player.toggle(track))}
      aria-pressed={playing}
      aria-label={`${playing ? 'Pause' : 'Play'} preview of ${track.label}`}
      className="inline-flex items-center gap-3 rounded-full bg-brand-600 py-2 pr-5 pl-2 font-medium text-white transition-colors hover:bg-brand-700"
    >
      <span className="grid size-9 place-items-center rounded-full bg-white/15">
        <Icon aria-hidden="true" className="size-4 fill-current" />
      </span>
      {playing ? 'Pause preview' : 'Play preview'}
    </button>
  );
}
