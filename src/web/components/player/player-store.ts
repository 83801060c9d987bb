import { IDLE, type PlayerState, type PreviewTrack } from './player-types';

/**
 * The store's one player: one media element for every preview on every page, so
 * starting a preview stops the one playing, and the player bar keeps playing across pages.
 * It publishes its state to player-state.ts, which the components read.
 */

/** What the player needs of an HTMLAudioElement (the unit tests give it a stand-in). */
export interface MediaElement extends EventTarget {
  src: string;
  preload: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  volume: number;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

type PendingSeek = { fraction: number } | { seconds: number };

export interface PlayerOptions {
  /** Told when a preview cannot be played (the browser shows a toast). */
  onError?: (track: PreviewTrack) => void;
}

export function createPlayer(makeElement: () => MediaElement, options: PlayerOptions = {}) {
  let state: PlayerState = IDLE;
  let media: MediaElement | null = null;
  /** A seek asked for before the preview's duration was known. */
  let pending: PendingSeek | null = null;
  /** The volume unmuting goes back to. */
  let unmuted = IDLE.volume;
  const listeners = new Set<() => void>();

  function update(patch: Partial<PlayerState>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  }

  function durationOf(el: MediaElement) {
    return Number.isFinite(el.duration) && el.duration > 0 ? el.duration : 0;
  }

  function applyPending(el: MediaElement) {
    const duration = durationOf(el);
    if (!pending || duration === 0) return;
    const seconds = 'fraction' in pending ? pending.fraction * duration : pending.seconds;
    pending = null;
    el.currentTime = clamp(seconds, duration);
    update({ position: el.currentTime, duration });
  }

  function element(): MediaElement {
    if (media) return media;
    const el = makeElement();
    el.preload = 'metadata';
    el.volume = state.volume;
    el.addEventListener('play', () => update({ playing: true }));
    el.addEventListener('pause', () => update({ playing: false }));
    el.addEventListener('ended', () => update({ playing: false, position: durationOf(el) }));
    el.addEventListener('timeupdate', () => update({ position: el.currentTime }));
    el.addEventListener('loadedmetadata', () => {
      update({ duration: durationOf(el) });
      applyPending(el);
    });
    el.addEventListener('volumechange', () => update({ volume: el.volume }));
    el.addEventListener('error', () => {
      if (state.track) options.onError?.(state.track);
      update({ playing: false });
    });
    media = el;
    return el;
  }

  function isCurrent(track: PreviewTrack) {
    return state.track?.src === track.src;
  }

  /** Makes `track` the player's preview (stopping the one before); true when it was not already. */
  function select(track: PreviewTrack): boolean {
    const el = element();
    if (isCurrent(track)) {
      // The same preview from another place (a card, then its page) may bring more to show.
      if (track !== state.track) update({ track: { ...state.track, ...track } });
      return false;
    }
    el.pause();
    pending = null;
    el.src = track.src;
    update({ track, playing: false, position: 0, duration: 0 });
    return true;
  }

  function play() {
    const el = element();
    const src = state.track?.src;
    el.play().catch((error: unknown) => {
      // An AbortError only means another preview or a pause interrupted this one.
      const interrupted = error instanceof DOMException && error.name === 'AbortError';
      if (!interrupted && state.track?.src === src) update({ playing: false });
    });
  }

  function seekSeconds(seconds: number) {
    const el = element();
    const duration = durationOf(el);
    if (duration === 0) {
      pending = { seconds: Math.max(0, seconds) };
      return;
    }
    el.currentTime = clamp(seconds, duration);
    update({ position: el.currentTime });
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    snapshot(): PlayerState {
      return state;
    },

    /** Plays `track` (from where it was left when it is the current one), or pauses it. */
    toggle(track: PreviewTrack) {
      if (isCurrent(track) && state.playing) {
        element().pause();
        return;
      }
      select(track);
      play();
    },

    /** Pauses or resumes the current preview (the player bar's button). */
    togglePlaying() {
      if (!state.track) return;
      if (state.playing) element().pause();
      else play();
    },

    /** Moves `track` to `fraction` (0–1) of its length, starting it if it was not the current one. */
    seekFraction(track: PreviewTrack, fraction: number) {
      const started = select(track);
      const el = element();
      const duration = durationOf(el);
      const share = Math.min(1, Math.max(0, fraction));
      if (duration === 0) pending = { fraction: share };
      else seekSeconds(share * duration);
      if (started) play();
    },

    /** Moves `track` by `seconds` (an arrow key), starting it if it was not the current one. */
    seekBy(track: PreviewTrack, seconds: number) {
      const started = select(track);
      seekSeconds((started ? 0 : element().currentTime) + seconds);
      if (started) play();
    },

    /** Moves the current preview to `seconds` (the bar's position slider). */
    seekTo(seconds: number) {
      if (state.track) seekSeconds(seconds);
    },

    setVolume(volume: number) {
      const next = Math.min(1, Math.max(0, volume));
      if (next > 0) unmuted = next;
      if (media) media.volume = next;
      update({ volume: next });
    },

    /** Silences the player, or gives it back the volume it had. */
    toggleMute() {
      this.setVolume(state.volume > 0 ? 0 : unmuted);
    },

    /** Stops the preview and lets the bar go. */
    close() {
      if (media) {
        media.pause();
        media.removeAttribute('src');
        media.load();
      }
      pending = null;
      update({ track: null, playing: false, position: 0, duration: 0 });
    },
  };
}

export type Player = ReturnType<typeof createPlayer>;

function clamp(seconds: number, duration: number) {
  return Math.min(Math.max(0, seconds), duration);
}
