import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import toast from 'react-hot-toast';
import type { AdminCategory } from '#shared/admin-categories';
import { Button, buttonClasses } from '#web/components/ui/button';
import { adminCategoriesApi, useCategoryMutation } from '../api/categories';
import { writeError } from '../forms/form-errors';

/** Delete an empty category, once confirmed. */
export function DeleteCategoryDialog({ category }: { category: AdminCategory }) {
  const [open, setOpen] = useState(false);
  const remove = useCategoryMutation(() => adminCategoriesApi.remove(category.id));
  const failed = remove.isError ? writeError(remove.error) : null;

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-red-300 hover:text-red-200">
          Delete
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            Delete &ldquo;{category.name}&rdquo;?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            The category leaves the store, and its address /products?category={category.slug} stops
            working. This cannot be undone.
          </AlertDialog.Description>
          {failed?.message && (
            <p role="alert" className="mt-3 text-sm text-red-300">
              {failed.message}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Cancel
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    toast.success(`Category "${category.name}" deleted`);
                    setOpen(false);
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting...' : 'Delete category'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
