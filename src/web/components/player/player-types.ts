/** The shapes the store's one player and the page share (player-state.ts, player-store.ts). */

/** Any preview the player can play: a product's, or a pack item's. */
export interface PreviewTrack {
  src: string;
  /** What the shopper hears it called: the product's (or pack item's) name. */
  label: string;
  /** The page it belongs to (the player bar links there). */
  href?: string;
  /** A cover image the bar shows beside the label. */
  image?: string;
  /** Its waveform's peaks (base64, #shared/waveform), when it has them. */
  peaks?: string | null;
}

export interface PlayerState {
  track: PreviewTrack | null;
  playing: boolean;
  /** Seconds played. */
  position: number;
  /** Seconds; 0 until the preview's metadata is in. */
  duration: number;
  /** 0 to 1. */
  volume: number;
}

export const IDLE: PlayerState = {
  track: null,
  playing: false,
  position: 0,
  duration: 0,
  volume: 1,
};
