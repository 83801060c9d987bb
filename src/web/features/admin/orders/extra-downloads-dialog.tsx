import { useState } from 'react';
import { toast } from '#web/components/shell/toast';
import { Button } from '#web/components/ui/button';
import { adminOrdersApi } from '../api/orders';
import { useAdminWrite } from '../api/admin-write';
import { ActionDialog } from '../forms/action-dialog';
import { Field } from '../forms/field';
import { writeError } from '../forms/form-errors';

/** More downloads for one line of a paid order, with the reason the audit log keeps. */
export function ExtraDownloadsDialog({
  orderId,
  item,
}: {
  orderId: string;
  item: { id: string; name: string };
}) {
  const [open, setOpen] = useState(false);
  const [extra, setExtra] = useState('1');
  const [reason, setReason] = useState('');
  const give = useAdminWrite(adminOrdersApi.extraDownloads);
  const failed = give.isError ? writeError(give.error) : null;

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        give.reset();
      }}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Give downloads for ${item.name}`}>
          Give downloads
        </Button>
      }
      title={`More downloads of ${item.name}`}
      description="The buyer can download this line that many more times."
      confirmLabel="Give downloads"
      pendingLabel="Giving..."
      pending={give.isPending}
      canConfirm={reason.trim().length > 0 && Number(extra) >= 1}
      error={failed?.message ?? null}
      onConfirm={() =>
        give.mutate(
          { id: orderId, itemId: item.id, extra: Number(extra), reason },
          {
            onSuccess: (result) => {
              toast.success(`${item.name}: ${result.downloadsRemaining} downloads left`);
              setOpen(false);
              setReason('');
            },
          },
        )
      }
    >
      <Field label="Extra downloads" errors={failed?.fields.extra}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={1}
            max={100}
            value={extra}
            onChange={(event) => setExtra(event.target.value)}
          />
        )}
      </Field>
      <Field label="Reason" hint="Kept in the audit log." errors={failed?.fields.reason}>
        {(control) => (
          <input {...control} value={reason} onChange={(event) => setReason(event.target.value)} />
        )}
      </Field>
    </ActionDialog>
  );
}
