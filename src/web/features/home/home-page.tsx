import { PageMeta } from '#web/components/seo/page-meta';
import { StoreJsonLd } from '#web/components/seo/store-json-ld';
import { PageTitle } from '#web/components/ui/page-title';
import { FeaturedProducts } from './featured-products';
import { HomeHero } from './home-hero';
import { StayUpdated } from './stay-updated';

export function HomePage() {
  return (
    <>
      <PageTitle title="Professional Audio Solutions" />
      <PageMeta
        title="Professional Audio Solutions"
        description="Sample packs, MIDI packs, plugins and apps for music producers: made by working producers, downloaded instantly, royalty-free."
        path="/"
      />
      <StoreJsonLd />
      <HomeHero />
      <FeaturedProducts />
      <StayUpdated />
    </>
  );
}
