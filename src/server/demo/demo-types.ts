import type { PackSound } from './assets/archive';
import type { AudioDemoKind } from './assets/audio-examples';
import type { Mode } from './assets/music-theory';
import type { SettingRanges } from './assets/software-docs';

/** The shapes of the demo catalogue's entries (demo-packs.ts, demo-software.ts). */
export type CategorySlug = 'audio-midi-packs' | 'plugins' | 'apps' | 'productivity';

export interface DemoCategory {
  slug: CategorySlug;
  name: string;
  description: string;
}

export type NoteName = 'C' | 'C#' | 'D' | 'Eb' | 'E' | 'F' | 'F#' | 'G' | 'Ab' | 'A' | 'Bb' | 'B';

interface DemoProductBase {
  /** Stable slug: the product id, asset names and storage key all derive from it. */
  key: string;
  name: string;
  description: string;
  priceCents: number;
  /** Age at first seed, so "newest first" lists have a meaningful order. */
  createdDaysAgo: number;
  tags: string[];
  /**
   * The stars of the reviews its demo buyers wrote (demo-reviews.ts), oldest first: the demo's
   * ratings are these rows, never a number of its own.
   */
  reviewStars: number[];
  /** Price before the sale, in cents; marks the product as on sale. */
  originalPriceCents?: number;
  isNew?: boolean;
  featured?: boolean;
  /** '1' for single-copy downloads (the default); more for per-seat licences. */
  purchaseLimit?: '1' | '5';
  /** Downloads allowed per copy; 3 when not given. */
  downloadLimit?: number;
  /** Retired products stay in the database for past buyers but are not listed. */
  isActive?: boolean;
  imageCount: 1 | 2 | 3;
}

export interface DemoPack extends DemoProductBase {
  category: 'audio-midi-packs';
  sound: PackSound;
  tempo: number;
  tonic: NoteName;
  mode: Mode;
}

export interface DemoSoftware extends DemoProductBase {
  category: 'plugins' | 'apps' | 'productivity';
  /** Factory presets (plugins, apps) or templates (productivity) shipped in the download. */
  presets: string[];
  settings: SettingRanges;
  /** What the download's Audio-Examples folder demonstrates, if it has one. */
  audioDemo?: AudioDemoKind;
  /**
   * Its licence keys, when it issues them outside the plugins and apps categories (which always
   * do), or with another activation limit than the default.
   */
  licence?: { activationLimit: number };
}

export type DemoProduct = DemoPack | DemoSoftware;
