import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#web/components/shell/toast';
import {
  createPromoSchema,
  promoCodeLimits,
  updatePromoSchema,
  type AdminPromoCode,
} from '#shared/admin-promos';
import type { AdminCategory } from '#shared/admin-categories';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { adminPromosApi } from '../api/promos';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import {
  emptyPromoForm,
  promoFormValues,
  promoInput,
  type PromoFormValues,
  type PromoKind,
} from './promo-form-values';
import { ScopePicker, type ScopeOption } from './scope-picker';

/** Creates a code, or edits one (`promo`): its code is its name for good, so it is not edited. */
export function PromoForm({
  promo,
  products,
  categories,
}: {
  promo?: AdminPromoCode;
  products: ScopeOption[];
  categories: AdminCategory[];
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<PromoFormValues>(
    promo ? promoFormValues(promo) : emptyPromoForm,
  );
  const create = useCheckedWrite(createPromoSchema, adminPromosApi.create);
  const update = useCheckedWrite(updatePromoSchema, adminPromosApi.update);
  const write = promo ? update : create;
  const { errors } = write;
  const set = <K extends keyof PromoFormValues>(key: K, value: PromoFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = promoInput(values);
    const done = (saved: AdminPromoCode) => {
      toast.success(promo ? `Promo code ${saved.code} saved` : `Promo code ${saved.code} created`);
      void navigate('/admin/promo-codes');
    };
    if (promo) {
      const { code: _code, ...terms } = input;
      update.submit(terms, { code: promo.code, input: terms }, done);
    } else create.submit(input, input, done);
  };

  const text = (key: 'percentOff' | 'amountOff' | 'maxRedemptions' | 'startsAt' | 'expiresAt') => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  return (
    <Card as="section" aria-labelledby="promo-form-heading" className="p-5 sm:p-6">
      <h2 id="promo-form-heading" className="text-lg font-semibold text-white">
        {promo ? 'Terms' : 'New promo code'}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-5 sm:grid-cols-2">
        {!promo && (
          <Field
            label="Code"
            errors={errors.code}
            hint={`Stored in capitals; shoppers may type it in any case. ${promoCodeLimits.code.min} to ${promoCodeLimits.code.max} letters, digits, - or _.`}
          >
            {(control) => (
              <input
                {...control}
                name="code"
                autoComplete="off"
                spellCheck={false}
                className={`${control.className} uppercase`}
                value={values.code}
                onChange={(e) => set('code', e.target.value)}
              />
            )}
          </Field>
        )}
        <Field
          label="Kind"
          hint="Off the lines the code covers (all, or its products and categories)"
        >
          {(control) => (
            <select
              {...control}
              name="kind"
              value={values.kind}
              onChange={(e) => set('kind', e.target.value as PromoKind)}
            >
              <option value="percent">Percent off</option>
              <option value="amount">Fixed amount off</option>
            </select>
          )}
        </Field>
        {values.kind === 'percent' ? (
          <Field label="Percent off" errors={errors.percentOff} hint="A whole number from 1 to 100">
            {(control) => <input {...control} {...text('percentOff')} inputMode="numeric" />}
          </Field>
        ) : (
          <Field
            label="Amount off ($)"
            errors={errors.amountOffCents}
            hint="Never more than the covered lines cost"
          >
            {(control) => <input {...control} {...text('amountOff')} inputMode="decimal" />}
          </Field>
        )}
        <Field label="Starts (optional)" errors={errors.startsAt} hint="Empty: usable at once">
          {(control) => <input {...control} {...text('startsAt')} type="datetime-local" />}
        </Field>
        <Field label="Ends (optional)" errors={errors.expiresAt} hint="Empty: never ends">
          {(control) => <input {...control} {...text('expiresAt')} type="datetime-local" />}
        </Field>
        <Field
          label="Redemption limit (optional)"
          errors={errors.maxRedemptions}
          hint={
            promo
              ? `Orders holding a use now: ${promo.redemptions}. Empty: no limit.`
              : 'How many orders may use it. Empty: no limit.'
          }
        >
          {(control) => <input {...control} {...text('maxRedemptions')} inputMode="numeric" />}
        </Field>
        <div className="space-y-3 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              name="oncePerCustomer"
              className="size-4 accent-brand-500"
              checked={values.oncePerCustomer}
              onChange={(e) => set('oncePerCustomer', e.target.checked)}
            />
            One use per customer (an account, or a guest&rsquo;s email)
          </label>
          <label className="flex items-center gap-2 text-sm text-zinc-200">
            <input
              type="checkbox"
              name="isActive"
              className="size-4 accent-brand-500"
              checked={values.isActive}
              onChange={(e) => set('isActive', e.target.checked)}
            />
            Active: the store accepts it within its dates
          </label>
        </div>
        <p className="text-sm text-zinc-400 sm:col-span-2">
          Limit the code to products or categories, or choose none for the whole store. A limited
          code applies only when every item in the order is one of them.
        </p>
        <ScopePicker
          legend="Products"
          options={products}
          chosen={values.productIds}
          onChange={(ids) => set('productIds', ids)}
          errors={errors.productIds}
        />
        <ScopePicker
          legend="Categories"
          options={categories.map((c) => ({ id: c.id, label: c.name }))}
          chosen={values.categoryIds}
          onChange={(ids) => set('categoryIds', ids)}
          errors={errors.categoryIds}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={write.isPending}>
            {write.isPending ? 'Saving...' : promo ? 'Save changes' : 'Create promo code'}
          </Button>
          <WriteFailure message={write.message} />
        </div>
      </form>
    </Card>
  );
}
