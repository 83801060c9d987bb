import { Pause, Play, Volume2, VolumeX, X } from 'lucide-react';
import { Link } from 'react-router';
import { player } from './player';
import { formatTime, playedFraction, positionText } from './player-time';
import { usePlayer } from './player-state';

/**
 * The slim bar at the bottom of every page while a preview is open: play/pause, the
 * preview's cover and name (a link to its page), its position, the volume (a phone shows only
 * mute: its own buttons set the loudness), and close. Loaded only once a shopper starts a preview
 * (player-bar-host.tsx).
 */
export function PlayerBar() {
  const { track, playing, position, duration, volume } = usePlayer();
  if (!track) return null;
  const Icon = playing ? Pause : Play;
  const name = track.href ? (
    <Link to={track.href} className="truncate font-medium text-white hover:text-brand-300">
      {track.label}
    </Link>
  ) : (
    <span className="truncate font-medium text-white">{track.label}</span>
  );

  return (
    <section
      aria-label="Preview player"
      className="fixed inset-x-0 bottom-0 z-40 h-[4.5rem] border-t border-zinc-800 bg-zinc-950/95 backdrop-blur"
    >
      {/* The played part along the bar's top edge; the slider below says the same in words. */}
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-0.5 bg-zinc-800">
        <div
          className="h-full bg-brand-400"
          style={{ width: `${playedFraction(position, duration) * 100}%` }}
        />
      </div>
      <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
        <button
          type="button"
          onClick={() => player.togglePlaying()}
          aria-label={`${playing ? 'Pause' : 'Play'} ${track.label}`}
          className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white transition-colors hover:bg-brand-700"
        >
          <Icon aria-hidden="true" className="size-4 fill-current" />
        </button>
        {track.image && (
          <img
            src={track.image}
            alt=""
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-md object-cover"
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {name}
          <div className="flex items-center gap-2 text-xs text-zinc-400 tabular-nums">
            <span aria-hidden="true">{formatTime(position)}</span>
            <input
              type="range"
              min={0}
              max={duration || 1}
              step={0.1}
              value={Math.min(position, duration || 1)}
              disabled={duration === 0}
              onChange={(event) => player.seekTo(Number(event.target.value))}
              aria-label={`Position in ${track.label}`}
              aria-valuetext={`${positionText(position, duration)}, ${playing ? 'playing' : 'paused'}`}
              className="h-1 min-w-0 flex-1 cursor-pointer accent-brand-500"
            />
            <span aria-hidden="true">{formatTime(duration)}</span>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => player.toggleMute()}
            aria-label={volume > 0 ? 'Mute' : 'Unmute'}
            className="grid size-8 place-items-center rounded-full text-zinc-300 hover:text-white"
          >
            {volume > 0 ? (
              <Volume2 aria-hidden="true" className="size-4" />
            ) : (
              <VolumeX aria-hidden="true" className="size-4" />
            )}
          </button>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            onChange={(event) => player.setVolume(Number(event.target.value))}
            aria-label="Volume"
            aria-valuetext={`${Math.round(volume * 100)}%`}
            className="hidden h-1 w-24 cursor-pointer accent-brand-500 sm:block"
          />
        </div>
        <button
          type="button"
          onClick={() => player.close()}
          aria-label="Close the player"
          className="grid size-10 shrink-0 place-items-center rounded-full text-zinc-400 transition-colors hover:bg-zinc-800 hover:text-white"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
