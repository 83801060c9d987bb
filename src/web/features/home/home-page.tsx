import { PageTitle } from '#web/components/ui/page-title';
import { FeaturedProducts } from './featured-products';
import { HomeHero } from './home-hero';
import { StayUpdated } from './stay-updated';

export function HomePage() {
  return (
    <>
      <PageTitle title="Professional Audio Solutions" />
      <HomeHero />
      <FeaturedProducts />
      <StayUpdated />
    </>
  );
}
