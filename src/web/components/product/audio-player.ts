import toast from 'react-hot-toast';

/**
 * One HTMLAudioElement for the whole page, so starting a preview pauses any other.
 * Components read its state through useSyncExternalStore (see use-audio-preview.ts).
 */
export interface PlayerState {
  src: string | null;
  playing: boolean;
}

let state: PlayerState = { src: null, playing: false };
let audio: HTMLAudioElement | null = null;
const listeners = new Set<() => void>();

function update(next: PlayerState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function element(): HTMLAudioElement {
  if (audio) return audio;
  audio = new Audio();
  audio.preload = 'none';
  audio.addEventListener('play', () => update({ ...state, playing: true }));
  audio.addEventListener('pause', () => update({ ...state, playing: false }));
  audio.addEventListener('ended', () => update({ ...state, playing: false }));
  audio.addEventListener('error', () => {
    if (state.src) toast.error('This preview could not be played.');
    update({ ...state, playing: false });
  });
  return audio;
}

export function subscribePlayer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function playerSnapshot(): PlayerState {
  return state;
}

/** Plays `src` from where it was left, or pauses it when it is the one playing. */
export function togglePreview(src: string) {
  const el = element();
  if (state.src === src && state.playing) {
    el.pause();
    return;
  }
  if (state.src !== src) {
    el.pause();
    el.src = src;
    update({ src, playing: false });
  }
  el.play().catch((error: unknown) => {
    // An AbortError only means another toggle interrupted this one; its own events tell the rest.
    const interrupted = error instanceof DOMException && error.name === 'AbortError';
    if (!interrupted && state.src === src) update({ ...state, playing: false });
  });
}

/** Stops `src` if it is the current preview (its last button left the page). */
export function stopPreview(src: string) {
  if (state.src === src) audio?.pause();
}
