import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { updateCategorySchema, type AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, useCategoryMutation } from '../api/categories';
import { Field } from './field';
import { checkInput, writeError, type FieldErrors } from './form-errors';

/** Rename a category or change its description; its address stays. */
export function CategoryDetailsForm({
  category,
  onDone,
}: {
  category: AdminCategory;
  onDone: () => void;
}) {
  const [fields, setFields] = useState({
    name: category.name,
    description: category.description ?? '',
  });
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const update = useCategoryMutation((input: typeof fields) =>
    adminCategoriesApi.update(category.id, input),
  );
  const failed = update.isError ? writeError(update.error) : null;
  const errors = { ...failed?.fields, ...invalid };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkInput(updateCategorySchema, fields);
    setInvalid(problems ?? {});
    update.reset();
    if (problems) return;
    update.mutate(fields, {
      onSuccess: (saved) => {
        toast.success(`Category "${saved.name}" saved`);
        onDone();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <Field label="Name" errors={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            value={fields.name}
            onChange={(e) => setFields((f) => ({ ...f, name: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Description (optional)" errors={errors.description}>
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={2}
            value={fields.description}
            onChange={(e) => setFields((f) => ({ ...f, description: e.target.value }))}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
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
