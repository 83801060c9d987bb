import type { Product } from '#shared/catalogue';
import { audioPreview, productImages } from '#shared/product';
import type { PreviewTrack } from '#web/components/player/player-state';

/** A product's own preview as the player plays it (null when it has none). */
export function productTrack(product: Product): PreviewTrack | null {
  const src = audioPreview(product);
  if (!src) return null;
  return {
    src,
    label: product.name,
    href: `/products/${product.id}`,
    image: productImages(product)[0],
    peaks: product.previewPeaks,
  };
}

/** The track when it has peaks to draw (the Waveform's own type). */
export function withPeaks(track: PreviewTrack | null): (PreviewTrack & { peaks: string }) | null {
  return track && track.peaks ? { ...track, peaks: track.peaks } : null;
}
