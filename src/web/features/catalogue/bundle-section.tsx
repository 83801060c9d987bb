import { Link } from 'react-router';
import { savingsText, type ProductBundle } from '#shared/bundles';
import type { Product } from '#shared/catalogue';
import { formatPrice } from '#shared/money';
import { categoryLabel, productImages } from '#shared/product';
import { musicSummary } from '#shared/music-summary';
import { PreviewButton } from '#web/components/player/preview-button';
import { WaveformSlot } from '#web/components/player/waveform-slot';
import { PriceTag } from '#web/components/product/price-tag';
import { productTrack, withPeaks } from '#web/components/product/product-track';
import { Card } from '#web/components/ui/card';

/** One member: its cover, name (a link to its page), price, and its own preview and waveform. */
function MemberRow({ member }: { member: Product }) {
  const track = productTrack(member);
  const wave = withPeaks(track);
  const cover = productImages(member)[0];
  const facts = [categoryLabel(member), musicSummary(member.music)].filter(Boolean).join(' · ');
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0">
      {cover && (
        <img
          src={cover}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="size-16 shrink-0 rounded-lg object-cover sm:size-20"
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            <h3 className="font-semibold text-white">
              <Link
                to={`/products/${member.id}`}
                className="underline-offset-4 hover:text-brand-300 hover:underline"
              >
                {member.name}
              </Link>
            </h3>
            <p className="text-xs text-zinc-400">{facts}</p>
          </div>
          <PriceTag product={member} />
        </div>
        {track && (
          <div className="flex items-center gap-3">
            <PreviewButton track={track} className="size-9" />
            {wave ? (
              <WaveformSlot track={wave} heightClass="h-8" className="min-w-0 flex-1" />
            ) : (
              <span className="text-sm text-zinc-400">Preview</span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * A bundle's page: what is in it (each product with its own preview, linking to its page) and
 * what buying it together saves. A product in bundles: which ones ("Also in"). Nothing for a
 * product that is neither. Drawn by the server with the page; its code loads apart.
 */
export function BundleSection({ bundle }: { bundle: ProductBundle }) {
  const { members, savings, includedIn } = bundle;
  return (
    <>
      {members.length > 0 && (
        <section aria-labelledby="bundle-members-heading">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
            <h2 id="bundle-members-heading" className="text-2xl font-bold text-white">
              In this bundle
            </h2>
            <p className="text-sm text-zinc-400">
              {members.length} products
              {savings && <> · {formatPrice(savings.separateCents)} bought separately</>}
            </p>
          </div>
          {savings && (
            <p className="mb-4 text-lg font-semibold text-emerald-400">{savingsText(savings)}</p>
          )}
          <Card className="p-4 sm:p-5">
            <ul className="divide-y divide-zinc-800">
              {members.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </ul>
          </Card>
        </section>
      )}
      {includedIn.length > 0 && (
        <Card as="aside" aria-label="Bundles with this product" className="px-5 py-4">
          <p className="text-zinc-300">
            <span className="font-semibold text-white">Also in: </span>
            {includedIn.map((other, index) => (
              <span key={other.id}>
                {index > 0 && ', '}
                <Link
                  to={`/products/${other.id}`}
                  className="font-medium text-brand-300 underline-offset-4 hover:underline"
                >
                  {other.name}
                </Link>{' '}
                <span className="text-zinc-400">({formatPrice(other.priceCents)})</span>
              </span>
            ))}
          </p>
        </Card>
      )}
    </>
  );
}
