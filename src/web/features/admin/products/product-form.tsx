import { useMemo, useState, type FocusEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/shell/toast';
import { productEditorSchema, type ProductEditorInput } from '#shared/admin-product';
import type { AdminCategory } from '#shared/admin-categories';
import type { AdminProduct } from '#shared/admin-products-api';
import { Button } from '#web/components/ui/button';
import { adminProductsApi, productWriteRefreshes } from '../api/products';
import { WriteFailure } from '../forms/field';
import { checkInput } from '../forms/form-errors';
import { useCheckedWrite } from '../forms/use-checked-write';
import { ProductFormFields } from './product-form-fields';
import { editorInputOf, formValuesOf, type ErrorsOf } from './product-form-values';
import { useLeaveGuard } from './use-leave-guard';

/**
 * The product editor, for a new product and an existing one alike. The shared schema the
 * server checks with runs on every keystroke: a field's errors show once it has been left (or
 * the form sent), the server's refusals until the next save.
 */
export function ProductForm({
  product,
  categories,
  isBundle = false,
}: {
  product?: AdminProduct;
  categories: AdminCategory[];
  /** A bundle sells no file of its own: the file field says so. */
  isBundle?: boolean;
}) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(() => formValuesOf(product?.editor));
  const [values, setValues] = useState(saved);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const live = useMemo(
    () => checkInput(productEditorSchema, editorInputOf(values)) ?? {},
    [values],
  );
  const write = useCheckedWrite(
    productEditorSchema,
    (input: ProductEditorInput) =>
      product ? adminProductsApi.update(product.id, input) : adminProductsApi.create(input),
    productWriteRefreshes,
  );
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const { dialog } = useLeaveGuard(dirty);

  const errorsOf: ErrorsOf = (field) =>
    ((submitted || touched.has(field)) && live[field]) || write.refused[field];

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target as EventTarget;
    const name =
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement
        ? target.name
        : '';
    if (name && !touched.has(name)) setTouched(new Set(touched).add(name));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const input = editorInputOf(values);
    write.submit(input, input, (result) => {
      const next = formValuesOf(result.editor);
      setSaved(next);
      setValues(next);
      setSubmitted(false);
      setTouched(new Set());
      toast.success(`Product "${result.name}" saved`);
      if (!product) void navigate(`/admin/products/${result.id}`, { replace: true });
    });
  };

  const problems = Object.keys(submitted ? live : {}).length;
  return (
    <form onSubmit={onSubmit} onBlur={onBlur} noValidate className="space-y-8">
      <ProductFormFields
        values={values}
        setValues={setValues}
        errorsOf={errorsOf}
        categories={categories}
        file={product?.file ?? null}
        isBundle={isBundle}
      />
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center gap-3 border-t border-zinc-800 bg-zinc-950/95 px-1 py-4">
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? 'Saving...' : product ? 'Save changes' : 'Create product'}
        </Button>
        <p className="text-sm text-zinc-400" aria-live="polite">
          {problems > 0
            ? `Fix ${problems === 1 ? 'the field' : `the ${problems} fields`} marked above.`
            : dirty
              ? 'Unsaved changes'
              : product
                ? 'All changes saved'
                : ''}
        </p>
        <WriteFailure message={write.message} />
      </div>
      {dialog}
    </form>
  );
}
