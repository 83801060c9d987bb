import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/shell/toast';
import { updateCategorySchema, type AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, categoryWriteRefreshes } from '../api/categories';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

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
  const update = useCheckedWrite(
    updateCategorySchema,
    (input: typeof fields) => adminCategoriesApi.update(category.id, input),
    categoryWriteRefreshes,
  );
  const { errors } = update;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.submit(fields, fields, (saved) => {
      toast.success(`Category "${saved.name}" saved`);
      onDone();
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
        <WriteFailure message={update.message} />
      </div>
    </form>
  );
}
