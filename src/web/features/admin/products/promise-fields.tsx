import type { Dispatch, SetStateAction } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminCategory } from '#shared/admin-categories';
import type { PromiseSettings } from '#shared/promises';
import { FeaturesEditor } from '../forms/features-editor';
import { Field } from '../forms/field';
import { promiseSettingsQueryOptions } from '../api/promises';
import {
  featurePoints,
  type ErrorsOf,
  type ProductFormValues,
  type RefundMode,
} from './product-form-values';

/** What "the store's setting" means now, in its option's words; bare while it loads. */
function storeWords(store: PromiseSettings | undefined) {
  if (!store) return { refund: "The store's setting", updates: "The store's setting" };
  return {
    refund: `The store's setting (${store.refundDays > 0 ? `${store.refundDays} days` : 'none'})`,
    updates: `The store's setting (${store.freeUpdates ? 'free updates' : 'none'})`,
  };
}

/** What the product promises: its Overview points, its money-back window and free updates. */
export function PromiseFields({
  values,
  setValues,
  errorsOf,
  categories,
}: {
  values: ProductFormValues;
  setValues: Dispatch<SetStateAction<ProductFormValues>>;
  errorsOf: ErrorsOf;
  categories: AdminCategory[];
}) {
  const store = useQuery(promiseSettingsQueryOptions());
  const words = storeWords(store.data);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  return (
    <>
      <div className="sm:col-span-2">
        <FeaturesEditor
          name="features"
          legend="Feature points"
          hint={
            values.features === null
              ? "The Overview's points, in order. A new product starts with its category's."
              : "The Overview's points, in order. Without any, it shows the description."
          }
          points={featurePoints(values, categories)}
          onChange={(next) => set('features', next)}
          errorsOf={errorsOf}
        />
      </div>
      <Field
        label="Money-back guarantee"
        errors={values.refundMode === 'days' ? undefined : errorsOf('refundDays')}
      >
        {(control) => (
          <select
            {...control}
            name="refundMode"
            value={values.refundMode}
            onChange={(event) => set('refundMode', event.target.value as RefundMode)}
          >
            <option value="store">{words.refund}</option>
            <option value="none">No money-back guarantee</option>
            <option value="days">A guarantee of its own</option>
          </select>
        )}
      </Field>
      {values.refundMode === 'days' ? (
        <Field
          label="Money-back days"
          hint="The page says “N-day money-back guarantee”."
          errors={errorsOf('refundDays')}
        >
          {(control) => (
            <input
              {...control}
              name="refundDays"
              inputMode="numeric"
              value={values.refundDays}
              onChange={(event) => set('refundDays', event.target.value)}
            />
          )}
        </Field>
      ) : (
        <div className="hidden sm:block" />
      )}
      <Field label="Free updates" errors={errorsOf('freeUpdates')}>
        {(control) => (
          <select
            {...control}
            name="freeUpdates"
            value={values.freeUpdates}
            onChange={(event) =>
              set('freeUpdates', event.target.value as ProductFormValues['freeUpdates'])
            }
          >
            <option value="store">{words.updates}</option>
            <option value="yes">Free updates</option>
            <option value="no">No free updates</option>
          </select>
        )}
      </Field>
    </>
  );
}
