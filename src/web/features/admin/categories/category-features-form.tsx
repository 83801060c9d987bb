import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/shell/toast';
import { updateCategorySchema, type AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { adminCategoriesApi, categoryWriteRefreshes } from '../api/categories';
import { FeaturesEditor } from '../forms/features-editor';
import { WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/**
 * The feature points a new product of this category starts with (the product editor fills
 * them in, and the server gives them to a product created without any). Products made before
 * keep their own.
 */
export function CategoryFeaturesForm({
  category,
  onDone,
}: {
  category: AdminCategory;
  onDone: () => void;
}) {
  const [points, setPoints] = useState<string[]>(category.defaultFeatures);
  const update = useCheckedWrite(
    updateCategorySchema,
    (input: { defaultFeatures: string[] }) => adminCategoriesApi.update(category.id, input),
    categoryWriteRefreshes,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { defaultFeatures: points };
    update.submit(input, input, (saved) => {
      toast.success(`Default points of "${saved.name}" saved`);
      onDone();
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <FeaturesEditor
        name="defaultFeatures"
        legend="Default feature points"
        hint="A new product of this category starts with these; products made before keep theirs."
        points={points}
        onChange={setPoints}
        errorsOf={(field) => update.errors[field]}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save points'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <WriteFailure message={update.message} />
      </div>
    </form>
  );
}
