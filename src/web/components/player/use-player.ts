import { useSyncExternalStore } from 'react';
import { IDLE, type PlayerState } from './player-store';
import { player } from './player';

const serverSnapshot = () => IDLE;

/** The player's whole state (the bar), re-rendering on every change. */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(player.subscribe, player.snapshot, serverSnapshot);
}

/**
 * One preview's view of the player: whether it is the current one, playing, and where. A preview
 * that is not the current one reads constants, so cards re-render only when theirs changes.
 */
export function usePreview(src: string) {
  const current = useSyncExternalStore(
    player.subscribe,
    () => player.snapshot().track?.src === src,
    () => false,
  );
  const playing = useSyncExternalStore(
    player.subscribe,
    () => current && player.snapshot().playing,
    () => false,
  );
  const position = useSyncExternalStore(
    player.subscribe,
    () => (current ? player.snapshot().position : 0),
    () => 0,
  );
  const duration = useSyncExternalStore(
    player.subscribe,
    () => (current ? player.snapshot().duration : 0),
    () => 0,
  );
  return { current, playing, position, duration };
}

/** Whether a preview has been started and not closed (the bar is open). */
export function usePlayerOpen(): boolean {
  return useSyncExternalStore(
    player.subscribe,
    () => player.snapshot().track !== null,
    () => false,
  );
}
