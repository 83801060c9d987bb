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

/** What a preview that is not the current one reads: constants, so it does not re-render. */
const NOT_CURRENT = { current: false, playing: false, position: 0, duration: 0 } as const;

/**
 * One preview's view of the player: whether it is the current one, playing, and where. One
 * subscription: a preview that is not the current one reads null, so cards re-render only when
 * theirs changes. A control using it loads the player's code once the page is up, ready for the
 * first click.
 */
export function usePreview(src: string) {
  useEffect(() => void loadPlayer(), []);
  const mine = useSyncExternalStore(
    subscribe,
    () => (state.track?.src === src ? state : null),
    () => null,
  );
  return mine
    ? { current: true, playing: mine.playing, position: mine.position, duration: mine.duration }
    : NOT_CURRENT;
}

/** Whether this preview plays (a play button's view), re-rendering only when that changes. */
export function usePreviewPlaying(src: string): boolean {
  useEffect(() => void loadPlayer(), []);
  return useSyncExternalStore(
    subscribe,
    () => state.track?.src === src && state.playing,
    () => false,
  );
}
