import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/shell/toast';
import { saleInputSchema, saleLimits, type AdminSale } from '#shared/admin-sales';
import type { AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { adminSalesApi } from '../api/sales';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import {
  emptySaleForm,
  saleFormValues,
  saleInput,
  type SaleFormValues,
  type SaleTarget,
} from './sale-form-values';

export interface SaleProductOption {
  id: string;
  label: string;
}

/** Creates an automatic sale, or edits one (`sale`). */
export function SaleForm({
  sale,
  products,
  categories,
}: {
  sale?: AdminSale;
  products: SaleProductOption[];
  categories: AdminCategory[];
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<SaleFormValues>(() =>
    sale ? saleFormValues(sale) : emptySaleForm(),
  );
  const create = useCheckedWrite(saleInputSchema, adminSalesApi.create);
  const update = useCheckedWrite(saleInputSchema, adminSalesApi.update);
  const write = sale ? update : create;
  const { errors } = write;
  const set = <K extends keyof SaleFormValues>(key: K, value: SaleFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = saleInput(values);
    const done = (saved: AdminSale) => {
      toast.success(sale ? `Sale ${saved.name} saved` : `Sale ${saved.name} created`);
      void navigate('/admin/sales');
    };
    if (sale) update.submit(input, { id: sale.id, input }, done);
    else create.submit(input, input, done);
  };

  const text = (key: 'name' | 'percentOff' | 'startsAt' | 'endsAt') => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const targetErrors = [...(errors.productId ?? []), ...(errors.categoryId ?? [])];

  return (
    <Card as="section" aria-labelledby="sale-form-heading" className="p-5 sm:p-6">
      <h2 id="sale-form-heading" className="text-lg font-semibold text-white">
        {sale ? 'Terms' : 'New sale'}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-5 sm:grid-cols-2">
        <Field
          label="Name"
          errors={errors.name}
          hint={`For you, in this list: up to ${saleLimits.name.max} characters`}
        >
          {(control) => <input {...control} {...text('name')} autoComplete="off" />}
        </Field>
        <Field label="Percent off" errors={errors.percentOff} hint="A whole number from 1 to 100">
          {(control) => <input {...control} {...text('percentOff')} inputMode="numeric" />}
        </Field>
        <Field label="On sale" hint="One product, or every product of a category">
          {(control) => (
            <select
              {...control}
              name="target"
              value={values.target}
              onChange={(e) => set('target', e.target.value as SaleTarget)}
            >
              <option value="category">A category</option>
              <option value="product">A product</option>
            </select>
          )}
        </Field>
        {values.target === 'category' ? (
          <Field label="Category" errors={targetErrors}>
            {(control) => (
              <select
                {...control}
                name="categoryId"
                value={values.categoryId}
                onChange={(e) => set('categoryId', e.target.value)}
              >
                <option value="">Choose a category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : (
          <Field label="Product" errors={targetErrors}>
            {(control) => (
              <select
                {...control}
                name="productId"
                value={values.productId}
                onChange={(e) => set('productId', e.target.value)}
              >
                <option value="">Choose a product</option>
                {products.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="Starts" errors={errors.startsAt} hint="In your time zone">
          {(control) => <input {...control} {...text('startsAt')} type="datetime-local" />}
        </Field>
        <Field label="Ends" errors={errors.endsAt} hint="The list price returns at this moment">
          {(control) => <input {...control} {...text('endsAt')} type="datetime-local" />}
        </Field>
        <p className="text-sm text-zinc-400 sm:col-span-2">
          Shoppers see the sale price with the price before it struck through, no code needed. Where
          sales overlap, the biggest percent wins; a promo code is taken off the sale price.
        </p>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? 'Saving...' : sale ? 'Save changes' : 'Create sale'}
          </Button>
          <WriteFailure message={write.message} />
        </div>
      </form>
    </Card>
  );
}
