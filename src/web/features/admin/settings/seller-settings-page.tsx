import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTaxSettingsMessages } from '#shared/admin-tax-settings';
import { sellerSettingsSchema, type SellerSettings } from '#shared/tax-settings';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminKeys } from '../api/admin-keys';
import { adminSettingsApi, sellerSettingsQueryOptions } from '../api/settings';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';
import { SettingsTabs } from './settings-tabs';

function SellerForm({ seller }: { seller: SellerSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(seller);
  const save = useCheckedWrite(sellerSettingsSchema, adminSettingsApi.saveSeller);
  const { errors } = save;
  const text = (key: keyof SellerSettings) => ({
    name: key,
    value: values[key],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.submit(values, values, (saved) => {
      queryClient.setQueryData(adminKeys.settings('seller'), saved);
      setValues(saved);
      toast.success(adminTaxSettingsMessages.sellerSaved);
    });
  };

  return (
    <Card as="section" aria-labelledby="seller-heading" className="p-5 sm:p-6">
      <h2 id="seller-heading" className="text-lg font-semibold text-white">
        On every invoice
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-5 sm:grid-cols-2">
        <Field label="Legal name" errors={errors.legalName} hint="The business as registered">
          {(control) => <input {...control} {...text('legalName')} autoComplete="organization" />}
        </Field>
        <Field
          label="Billing e-mail"
          errors={errors.email}
          hint="Where buyers write about invoices"
        >
          {(control) => <input {...control} {...text('email')} type="email" autoComplete="email" />}
        </Field>
        <div className="sm:col-span-2">
          <Field label="Address" errors={errors.address} hint="As printed, one line per line">
            {(control) => <textarea {...control} {...text('address')} rows={4} />}
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Invoice footer"
            errors={errors.invoiceFooter}
            hint="Printed under the totals, e.g. a company registration or bank details"
          >
            {(control) => <textarea {...control} {...text('invoiceFooter')} rows={3} />}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save seller details'}
          </Button>
          <WriteFailure message={save.message} />
        </div>
      </form>
    </Card>
  );
}

/** /admin/settings/seller: who sells, as invoices and credit notes print it. */
export function SellerSettingsPage() {
  const seller = useQuery(sellerSettingsQueryOptions());
  return (
    <>
      <AdminPageHeader title="Seller details">
        Printed on every invoice and credit note. Documents already issued keep what they say.
      </AdminPageHeader>
      <SettingsTabs />
      {seller.isPending ? (
        <div role="status" aria-label="Loading the seller details">
          <Skeleton className="h-80 rounded-xl" />
        </div>
      ) : seller.isError ? (
        <ErrorAlert title="The seller details could not be loaded.">
          <RetryButton onRetry={() => void seller.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <SellerForm seller={seller.data} />
      )}
    </>
  );
}
