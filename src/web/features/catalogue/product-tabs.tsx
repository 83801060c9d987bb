import { Tabs } from 'radix-ui';
import { Music } from 'lucide-react';
import type { Product } from '#shared/catalogue';
import { LabelledPreviewButton } from '#web/components/player/labelled-preview-button';
import { productTrack } from '#web/components/product/product-track';
import { Card } from '#web/components/ui/card';
import { ProductOverview } from './product-overview';
import { ProductReviews } from './product-reviews';
import { ProductSpecifications } from './product-specifications';

const triggerClass =
  'shrink-0 rounded-t-md border-b-2 border-transparent px-1 pt-1 pb-3 text-sm font-medium focus-visible:-outline-offset-2 text-zinc-400 transition-colors hover:text-white data-[state=active]:border-brand-500 data-[state=active]:text-white';

export function ProductTabs({ product }: { product: Product }) {
  const preview = productTrack(product);

  return (
    <Tabs.Root defaultValue="overview" className="space-y-8">
      <Tabs.List
        aria-label="Product information"
        className="flex justify-between gap-2 overflow-x-auto border-b border-zinc-800 sm:justify-start sm:gap-8"
      >
        <Tabs.Trigger value="overview" className={triggerClass}>
          Overview
        </Tabs.Trigger>
        <Tabs.Trigger value="specifications" className={triggerClass}>
          Specifications
        </Tabs.Trigger>
        <Tabs.Trigger value="audio" className={triggerClass}>
          Audio Demos
        </Tabs.Trigger>
        <Tabs.Trigger value="reviews" className={triggerClass}>
          Reviews
        </Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="overview">
        <ProductOverview product={product} />
      </Tabs.Content>

      <Tabs.Content value="specifications">
        <ProductSpecifications product={product} />
      </Tabs.Content>

      <Tabs.Content value="audio">
        <Card className="flex flex-col items-center gap-5 px-6 py-12 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-brand-600/15 text-brand-300">
            <Music aria-hidden="true" className="size-7" />
          </span>
          {preview ? (
            <>
              <p className="text-zinc-300">Hear {product.name} before you buy.</p>
              <LabelledPreviewButton track={preview} />
            </>
          ) : product.isBundle ? (
            <p className="text-zinc-400">
              Each product in this bundle has its own preview in the list above.
            </p>
          ) : (
            <p className="text-zinc-400">No audio preview available for this product.</p>
          )}
        </Card>
      </Tabs.Content>

      <Tabs.Content value="reviews">
        <ProductReviews product={product} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
