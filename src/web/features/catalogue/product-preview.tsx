import type { Product } from '#shared/catalogue';
import { PreviewButton } from '#web/components/player/preview-button';
import { Waveform } from '#web/components/player/waveform';
import { productTrack, withPeaks } from '#web/components/product/product-track';

/** The product's preview beside its description, where it has a waveform to draw (issue 19). */
export function ProductPreview({ product }: { product: Product }) {
  const wave = withPeaks(productTrack(product));
  if (!wave) return null;
  return (
    <div className="flex items-center gap-4 rounded-xl border border-zinc-800 bg-zinc-900 p-3 pr-4">
      <PreviewButton track={wave} />
      <Waveform track={wave} heightClass="h-14" className="min-w-0 flex-1" />
    </div>
  );
}
