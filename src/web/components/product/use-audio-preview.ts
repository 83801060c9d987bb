import { useEffect, useSyncExternalStore } from 'react';
import {
  playerSnapshot,
  stopPreview,
  subscribePlayer,
  togglePreview,
  type PlayerState,
} from './audio-player';

/** How many mounted buttons control each preview; the last one to unmount stops it. */
const mounted = new Map<string, number>();

const IDLE: PlayerState = { src: null, playing: false };
const serverSnapshot = () => IDLE;

export function useAudioPreview(src: string) {
  const player = useSyncExternalStore(subscribePlayer, playerSnapshot, serverSnapshot);

  useEffect(() => {
    mounted.set(src, (mounted.get(src) ?? 0) + 1);
    return () => {
      const left = (mounted.get(src) ?? 1) - 1;
      if (left > 0) {
        mounted.set(src, left);
      } else {
        mounted.delete(src);
        stopPreview(src);
      }
    };
  }, [src]);

  return { playing: player.src === src && player.playing, toggle: () => togglePreview(src) };
}
