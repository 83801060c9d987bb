import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/shell/toast';
import { categorySlugInputSchema, type AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, categoryWriteRefreshes } from '../api/categories';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/** Move a category to a new address; the old one redirects there from then on. */
export function CategorySlugForm({
  category,
  onDone,
}: {
  category: AdminCategory;
  onDone: () => void;
}) {
  const [slug, setSlug] = useState(category.slug);
  const change = useCheckedWrite(
    categorySlugInputSchema,
    (next: string) => adminCategoriesApi.changeSlug(category.id, next),
    categoryWriteRefreshes,
  );
  const { errors } = change;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.submit({ slug }, slug.trim(), (saved) => {
      toast.success(`"${saved.name}" is now at /products?category=${saved.slug}`);
      onDone();
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field
        label="New slug"
        errors={errors.slug}
        hint={
          <>
            The old address, <code>/products?category={category.slug}</code>, will redirect to the
            new one, so links and bookmarks keep working.
          </>
        }
      >
        {(control) => (
          <input {...control} name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change slug'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <WriteFailure message={change.message} />
      </div>
    </form>
  );
}
