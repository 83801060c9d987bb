import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  affiliateMessages,
  affiliateSettingsSchema,
  type AffiliateSettings,
} from '#shared/affiliates';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { adminAffiliatesApi, affiliateSettingsQueryOptions } from '../api/affiliates';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/** How many days a referral is remembered after the click (the store's affiliate setting). */
export function ReferralDaysForm({ settings }: { settings: AffiliateSettings }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(settings.cookieDays));
  const save = useCheckedWrite(affiliateSettingsSchema, adminAffiliatesApi.saveSettings);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { cookieDays: Number(days.trim()) };
    save.submit(input, input, (saved) => {
      queryClient.setQueryData(affiliateSettingsQueryOptions().queryKey, saved);
      setDays(String(saved.cookieDays));
      toast.success('Referral settings saved');
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-labelledby="referral-days-heading"
    >
      <h2 id="referral-days-heading" className="text-lg font-semibold text-white">
        Referrals
      </h2>
      <Field
        label="Remember a referral for (days)"
        hint={`After a click on an affiliate's link; the last link followed wins. ${affiliateMessages.cookieDays}.`}
        errors={save.errors.cookieDays}
      >
        {(control) => (
          <input
            {...control}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <WriteFailure message={save.message} />
      </div>
    </form>
  );
}
