import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { taxSettingsQueryOptions } from '../api/settings';
import { SettingsTabs } from './settings-tabs';
import { TaxSettingsForm } from './tax-settings-form';

/** /admin/settings/tax: where the store is registered and how it charges tax. */
export function TaxSettingsPage() {
  const settings = useQuery(taxSettingsQueryOptions());
  return (
    <>
      <AdminPageHeader title="Tax settings">
        Where the store is registered for tax and what buyers elsewhere pay. New orders use the
        settings at once; orders already placed keep their tax.
      </AdminPageHeader>
      <SettingsTabs />
      {settings.isPending ? (
        <div role="status" aria-label="Loading the tax settings">
          <Skeleton className="h-96 rounded-xl" />
        </div>
      ) : settings.isError ? (
        <ErrorAlert title="The tax settings could not be loaded.">
          <RetryButton onRetry={() => void settings.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : (
        <TaxSettingsForm settings={settings.data} />
      )}
    </>
  );
}
