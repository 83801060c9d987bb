import { useQuery } from '@tanstack/react-query';
import { Card } from '#web/components/ui/card';
import { contentsSummary } from './pack-item-facts';
import { packContentsQueryOptions } from './pack-contents-query';
import { PackItemList } from './pack-item-list';

/**
 * What a sample or MIDI pack holds, each item with its own short preview. Loaded
 * below the fold; a product without items shows nothing.
 */
export function PackContents({
  productId,
  productName,
}: {
  productId: string;
  productName: string;
}) {
  const { data: items } = useQuery(packContentsQueryOptions(productId));
  if (!items || items.length === 0) return null;

  return (
    <section aria-labelledby="pack-contents-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 id="pack-contents-heading" className="text-2xl font-bold text-white">
          What&rsquo;s in the pack
        </h2>
        <p className="text-sm text-zinc-400">
          {items.length} items: {contentsSummary(items)}
        </p>
      </div>
      <Card className="p-2 sm:p-4">
        <p className="mb-3 hidden px-2 text-sm text-zinc-400 sm:block">
          Up and Down move through the list; Enter or Space plays and pauses. While a sound plays,
          moving plays the next one.
        </p>
        <PackItemList
          key={productId}
          items={items}
          productId={productId}
          label={`Contents of ${productName}`}
        />
      </Card>
    </section>
  );
}
