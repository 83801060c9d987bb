import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { toast } from '#web/components/shell/toast';
import { banCustomerSchema, banLimits, type AdminCustomer } from '#shared/admin-customers';
import { Button, buttonClasses } from '#web/components/ui/button';
import { adminCustomersApi } from '../api/customers';
import { useAdminWrite } from '../api/admin-write';
import { Field, WriteFailure } from '../forms/field';
import { checkInput, writeError, type FieldErrors } from '../forms/form-errors';

const panel =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(30rem,92vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl';

/** How long a ban lasts: without end, or a number of days. */
const lengths: [value: string, label: string][] = [
  ['', 'Until I lift it'],
  ['1', '1 day'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  [String(banLimits.days), `${banLimits.days} days`],
];

/**
 * Ban a customer, with a reason and an optional end: they are signed out everywhere at once and
 * cannot sign in until the ban ends or is lifted.
 */
export function BanDialog({ customer }: { customer: AdminCustomer }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const ban = useAdminWrite((input: { reason: string; days?: number }) =>
    adminCustomersApi.ban(customer.id, input),
  );
  const failed = ban.isError ? writeError(ban.error) : null;
  const fieldErrors = { ...errors, ...failed?.fields };

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      ban.reset();
      setErrors({});
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { reason, days: days ? Number(days) : undefined };
    const invalid = checkInput(banCustomerSchema, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    ban.mutate(input, {
      onSuccess: () => {
        toast.success(`${customer.email} is banned and signed out everywhere`);
        setReason('');
        setDays('');
        setOpen(false);
      },
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="danger">Ban customer</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content className={panel}>
          <Dialog.Title className="text-lg font-semibold text-white">
            Ban {customer.email}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-zinc-300">
            They are signed out on every device at once and cannot sign in until the ban ends or you
            lift it. Their orders and downloads stay as they are.
          </Dialog.Description>
          <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
            <Field
              label="Reason"
              hint="Kept with the ban and in the audit log."
              errors={fieldErrors.reason}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={banLimits.reason}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setErrors(({ reason: _, ...rest }) => rest);
                  }}
                />
              )}
            </Field>
            <Field label="Length" errors={fieldErrors.days}>
              {(control) => (
                <select {...control} value={days} onChange={(event) => setDays(event.target.value)}>
                  {lengths.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <WriteFailure message={failed?.message ?? null} />
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <Dialog.Close className={buttonClasses('secondary', 'md')}>Cancel</Dialog.Close>
              <Button type="submit" variant="danger" disabled={ban.isPending}>
                {ban.isPending ? 'Banning...' : 'Ban and sign out'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
