import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { categorySlugInputSchema, type AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, useCategoryMutation } from '../api/categories';
import { Field } from './field';
import { checkInput, writeError, type FieldErrors } from './form-errors';

/** Move a category to a new address; the old one redirects there from then on. */
export function CategorySlugForm({
  category,
  onDone,
}: {
  category: AdminCategory;
  onDone: () => void;
}) {
  const [slug, setSlug] = useState(category.slug);
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const change = useCategoryMutation((next: string) =>
    adminCategoriesApi.changeSlug(category.id, next),
  );
  const failed = change.isError ? writeError(change.error) : null;
  const errors = { ...failed?.fields, ...invalid };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkInput(categorySlugInputSchema, { slug });
    setInvalid(problems ?? {});
    change.reset();
    if (problems) return;
    change.mutate(slug.trim(), {
      onSuccess: (saved) => {
        toast.success(`"${saved.name}" is now at /products?category=${saved.slug}`);
        onDone();
      },
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
        {failed?.message && (
          <p role="alert" className="text-sm text-red-300">
            {failed.message}
          </p>
        )}
      </div>
    </form>
  );
}
