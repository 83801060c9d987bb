import type { Product } from '#shared/catalogue';
import { PreviewButton } from '#web/components/player/preview-button';
import { Waveform } from '#web/components/player/waveform';
import { productTrack, withPeaks } from '#web/components/product/product-track';
import { PREVIEW_BOX } from './product-preview-still';

/**
 * The product's preview beside its description, where it has a waveform to draw; the
 * page loads this code apart (product-summary.tsx).
 */
export function ProductPreview({ product }: { product: Product }) {
  const wave = withPeaks(productTrack(product));
  if (!wave) return null;
  return (
    <div className={PREVIEW_BOX}>
      <PreviewButton track={wave} />
      <Waveform track={wave} heightClass="h-14" className="min-w-0 flex-1" />
    </div>
  );
}
