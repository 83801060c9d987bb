import type { AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, categoryWriteRefreshes } from '../api/categories';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';

/** Delete an empty category, once confirmed. */
export function DeleteCategoryDialog({ category }: { category: AdminCategory }) {
  return (
    <ConfirmWriteDialog
      trigger={
        <Button variant="ghost" size="sm" className="text-red-300 hover:text-red-200">
          Delete
        </Button>
      }
      title={`Delete “${category.name}”?`}
      confirm="Delete category"
      pending="Deleting..."
      run={() => adminCategoriesApi.remove(category.id)}
      done={`Category "${category.name}" deleted`}
      alsoRefresh={categoryWriteRefreshes}
    >
      The category leaves the store, and its address /products?category={category.slug} stops
      working. This cannot be undone.
    </ConfirmWriteDialog>
  );
}
