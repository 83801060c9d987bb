import { Pause, Play } from 'lucide-react';
import { player } from './player';
import type { PreviewTrack } from './player-store';
import { usePreview } from './use-player';

interface PreviewButtonProps {
  track: PreviewTrack;
  /** 'icon' floats over a card image; 'labelled' shows the words beside the icon. */
  variant?: 'icon' | 'labelled';
  className?: string;
}

/** Play/pause of a preview in the store's one player: starting it stops any other. */
export function PreviewButton({ track, variant = 'icon', className = '' }: PreviewButtonProps) {
  const { playing } = usePreview(track.src);
  const toggle = () => player.toggle(track);
  const Icon = playing ? Pause : Play;
  const label = `${playing ? 'Pause' : 'Play'} preview of ${track.label}`;

  if (variant === 'labelled') {
    return (
      <button
        type="button"
        onClick={toggle}
        aria-pressed={playing}
        aria-label={label}
        className={`inline-flex items-center gap-3 rounded-full bg-brand-600 py-2 pr-5 pl-2 font-medium text-white transition-colors hover:bg-brand-700 ${className}`}
      >
        <span className="grid size-9 place-items-center rounded-full bg-white/15">
          <Icon aria-hidden="true" className="size-4 fill-current" />
        </span>
        {playing ? 'Pause preview' : 'Play preview'}
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={playing}
      aria-label={label}
      className={`grid size-10 place-items-center rounded-full text-white shadow-lg transition-all ${
        playing
          ? 'bg-brand-500 ring-4 ring-brand-500/30'
          : 'bg-zinc-950/80 backdrop-blur hover:bg-brand-600'
      } ${className}`}
    >
      <Icon aria-hidden="true" className="size-4 fill-current" />
    </button>
  );
}
