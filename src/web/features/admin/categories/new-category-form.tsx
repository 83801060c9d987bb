import { useState, type FormEvent } from 'react';
import { toast } from '#web/components/shell/toast';
import { createCategorySchema, slugFromName } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { adminCategoriesApi, categoryWriteRefreshes } from '../api/categories';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

const empty = { name: '', slug: '', description: '' };

/** Create a category: the slug follows the name until it is edited by hand. */
export function NewCategoryForm() {
  const [fields, setFields] = useState(empty);
  const [slugEdited, setSlugEdited] = useState(false);
  const create = useCheckedWrite(
    createCategorySchema,
    adminCategoriesApi.create,
    categoryWriteRefreshes,
  );
  const { errors } = create;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.submit(fields, fields, (category) => {
      toast.success(`Category "${category.name}" created`);
      setFields(empty);
      setSlugEdited(false);
    });
  };

  return (
    <Card as="section" aria-labelledby="new-category-heading" className="p-5 sm:p-6">
      <h2 id="new-category-heading" className="text-lg font-semibold text-white">
        New category
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field label="Name" errors={errors.name}>
          {(control) => (
            <input
              {...control}
              name="name"
              value={fields.name}
              onChange={(e) => {
                const name = e.target.value;
                setFields((f) => ({ ...f, name, slug: slugEdited ? f.slug : slugFromName(name) }));
              }}
            />
          )}
        </Field>
        <Field
          label="Slug"
          errors={errors.slug}
          hint="Its address in the store: /products?category=<slug>"
        >
          {(control) => (
            <input
              {...control}
              name="slug"
              value={fields.slug}
              onChange={(e) => {
                setSlugEdited(true);
                setFields((f) => ({ ...f, slug: e.target.value }));
              }}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
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
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create category'}
          </Button>
          <WriteFailure message={create.message} />
        </div>
      </form>
    </Card>
  );
}
