import type { Category } from '#shared/catalogue';
import { ProductGridSkeleton } from '#web/components/product/product-grid';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { Skeleton } from '#web/components/ui/skeleton';
import { CategorySection } from './category-section';

interface CategorySectionsProps {
  categories: Category[] | undefined;
  isError: boolean;
}

/** The unfiltered products page: one section per category. */
export function CategorySections({ categories, isError }: CategorySectionsProps) {
  if (isError) return <ErrorAlert title="Failed to load products" />;
  if (!categories) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-8 w-48" />
        <ProductGridSkeleton count={3} />
      </div>
    );
  }
  if (categories.length === 0) return <EmptyState title="No products available yet." />;

  return (
    <div className="space-y-20">
      {categories.map((category, index) => (
        <CategorySection key={category.id} category={category} first={index === 0} />
      ))}
    </div>
  );
}
