import { useQuery } from '@tanstack/react-query';
import { toast } from '#web/components/shell/toast';
import type { AdminCategory } from '#shared/admin-categories';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import {
  adminCategoriesApi,
  adminCategoriesQueryOptions,
  useCategoryMutation,
} from '../api/categories';
import { CategoryRow } from './category-row';
import { NewCategoryForm } from './new-category-form';
import { writeError } from '../forms/form-errors';

/** The ids with the one at `index` moved a place up (-1) or down (+1). */
function moved(list: AdminCategory[], index: number, direction: -1 | 1): string[] {
  const ids = list.map((category) => category.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + direction, 0, id!);
  return ids;
}

/** /admin/categories: the store's categories in its order, and every change to them. */
export function CategoriesPage() {
  const list = useQuery(adminCategoriesQueryOptions());
  const reorder = useCategoryMutation(adminCategoriesApi.reorder);
  const categories = list.data ?? [];

  const move = (index: number, direction: -1 | 1) =>
    reorder.mutate(moved(categories, index, direction), {
      onError: (error) => toast.error(writeError(error).message ?? 'The order was not saved.'),
    });

  return (
    <>
      <AdminPageHeader title="Categories">
        The store lists its categories in this order. A category can be deleted once it holds no
        products.
      </AdminPageHeader>
      <NewCategoryForm />
      <section aria-labelledby="category-list-heading" className="mt-10">
        <h2 id="category-list-heading" className="mb-4 text-lg font-semibold text-white">
          {list.isSuccess ? `All categories (${categories.length})` : 'All categories'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading categories" className="space-y-3">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-28 rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The categories could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : categories.length === 0 ? (
          <EmptyState title="No categories yet.">Create the first one above.</EmptyState>
        ) : (
          <ol className="space-y-3" aria-busy={reorder.isPending}>
            {categories.map((category, index) => (
              <CategoryRow
                key={category.id}
                category={category}
                first={index === 0}
                last={index === categories.length - 1}
                moving={reorder.isPending}
                onMove={(direction) => move(index, direction)}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
