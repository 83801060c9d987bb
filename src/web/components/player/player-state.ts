import { useEffect, useSyncExternalStore } from 'react';
import type { Player } from './player-store';
import { IDLE, type PlayerState } from './player-types';

export type { PlayerState, PreviewTrack } from './player-types';

/**
 * What the page knows of the store's one player: the preview, whether it plays,
 * where, and the volume. This small module is all the first page loads; the player itself
 * (player-store.ts, the media element) loads apart once a preview control is on the page, and
 * publishes its state here.
 */

let state = IDLE;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => state;
const serverSnapshot = () => IDLE;

/** The player tells the page its new state. */
export function publishPlayerState(next: PlayerState) {
  state = next;
  listeners.forEach((listener) => listener());
}

let loaded: Player | null = null;
let loading: Promise<Player> | null = null;

/** The player, loading its code the first time. */
export function loadPlayer(): Promise<Player> {
  loading ??= import('./player').then(({ player }) => {
    player.subscribe(() => publishPlayerState(player.snapshot()));
    return (loaded = player);
  });
  return loading;
}

/**
 * Runs `action` on the player: at once when its code is in (so play() runs inside the shopper's
 * click, as browsers want), else as soon as it is.
 */
export function withPlayer(action: (player: Player) => void) {
  if (loaded) action(loaded);
  else void loadPlayer().then(action);
}

/** The player's whole state (the bar), re-rendering on every change. */
export function usePlayer(): PlayerState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Whether a preview has been started and not closed (the bar is open). */
export function usePlayerOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => state.track !== null,
    () => false,
  );
}

/**
 * One preview's view of the player: whether it is the current one, playing, and where. A preview
 * that is not the current one reads constants, so cards re-render only when theirs changes. A
 * control using it loads the player's code once the page is up, ready for the first click.
 */
export function usePreview(src: string) {
  useEffect(() => void loadPlayer(), []);
  const current = useSyncExternalStore(
    subscribe,
    () => state.track?.src === src,
    () => false,
  );
  const playing = useSyncExternalStore(
    subscribe,
    () => current && state.playing,
    () => false,
  );
  const position = useSyncExternalStore(
    subscribe,
    () => (current ? state.position : 0),
    () => 0,
  );
  const duration = useSyncExternalStore(
    subscribe,
    () => (current ? state.duration : 0),
    () => 0,
  );
  return { current, playing, position, duration };
}
