import { useState } from 'react';
import { toast } from '#web/components/shell/toast';
import {
  addLicenseSeatsSchema,
  licenseAdminLimits,
  revokeLicenseSchema,
  type AdminLicense,
} from '#shared/admin-licenses';
import { Button } from '#web/components/ui/button';
import { adminLicensesApi } from '../api/licenses';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from '../forms/action-dialog';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';
import { Field } from '../forms/field';
import { checkInput, writeError, type FieldErrors } from '../forms/form-errors';

/** What the owner may do to a licence: revoke or restore it, add seats, reset its machines. */
export function LicenseActions({ license }: { license: AdminLicense }) {
  return (
    <div className="flex flex-wrap gap-3">
      {license.revokedAt ? (
        <ConfirmWriteDialog
          trigger={<Button variant="secondary">Restore</Button>}
          title={`Restore ${license.key}?`}
          confirm="Restore licence"
          pending="Restoring..."
          danger={false}
          run={() => adminLicensesApi.restore(license.id)}
          done={`${license.key} is in force again`}
        >
          The key validates again at once, on the machines it is activated on.
        </ConfirmWriteDialog>
      ) : (
        <RevokeDialog license={license} />
      )}
      <AddSeatsDialog license={license} />
      <ConfirmWriteDialog
        trigger={
          <Button variant="secondary" disabled={license.machines === 0}>
            Reset machines
          </Button>
        }
        title={`Free every machine of ${license.key}?`}
        confirm="Reset machines"
        pending="Resetting..."
        run={() => adminLicensesApi.resetMachines(license.id)}
        done={`Every machine of ${license.key} is freed`}
      >
        All {license.machines} machines stop counting toward its seats, and the buyer can activate
        it again anywhere. A reset by the store does not count toward the key’s monthly moves.
      </ConfirmWriteDialog>
    </div>
  );
}

function RevokeDialog({ license }: { license: AdminLicense }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const revoke = useAdminWrite((input: { reason: string }) =>
    adminLicensesApi.revoke(license.id, input),
  );
  const failed = revoke.isError ? writeError(revoke.error) : null;

  const onConfirm = () => {
    const invalid = checkInput(revokeLicenseSchema, { reason });
    setErrors(invalid ?? {});
    if (invalid) return;
    revoke.mutate(
      { reason },
      {
        onSuccess: () => {
          toast.success(`${license.key} is revoked`);
          setReason('');
          setOpen(false);
        },
      },
    );
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          revoke.reset();
          setErrors({});
        }
      }}
      trigger={<Button variant="danger">Revoke</Button>}
      title={`Revoke ${license.key}?`}
      description="The licence API answers “revoked” from now on; a plugin offline keeps working until its certificate’s grace period ends. You can restore it later."
      confirmLabel="Revoke licence"
      pendingLabel="Revoking..."
      danger
      pending={revoke.isPending}
      error={failed?.message ?? null}
      onConfirm={onConfirm}
    >
      <Field
        label="Reason"
        hint="Kept with the licence and in its history."
        errors={errors.reason ?? failed?.fields.reason}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={licenseAdminLimits.reason}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors({});
            }}
          />
        )}
      </Field>
    </ActionDialog>
  );
}

function AddSeatsDialog({ license }: { license: AdminLicense }) {
  const [open, setOpen] = useState(false);
  const [seats, setSeats] = useState('1');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAdminWrite((input: { seats: number }) =>
    adminLicensesApi.addSeats(license.id, input),
  );
  const failed = add.isError ? writeError(add.error) : null;

  const onConfirm = () => {
    const input = { seats: Number(seats) };
    const invalid = checkInput(addLicenseSeatsSchema, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    add.mutate(input, {
      onSuccess: (after) => {
        toast.success(`${license.key} now has ${after.seats} seats`);
        setSeats('1');
        setOpen(false);
      },
    });
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          add.reset();
          setErrors({});
        }
      }}
      trigger={<Button variant="secondary">Add seats</Button>}
      title={`Add seats to ${license.key}`}
      description={`It activates on ${license.seats} machines at once now.`}
      confirmLabel="Add seats"
      pendingLabel="Adding..."
      pending={add.isPending}
      error={failed?.message ?? null}
      onConfirm={onConfirm}
    >
      <Field
        label="Seats to add"
        hint={`From 1 to ${licenseAdminLimits.seats}.`}
        errors={errors.seats ?? failed?.fields.seats}
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={licenseAdminLimits.seats}
            value={seats}
            onChange={(event) => {
              setSeats(event.target.value);
              setErrors({});
            }}
          />
        )}
      </Field>
    </ActionDialog>
  );
}
