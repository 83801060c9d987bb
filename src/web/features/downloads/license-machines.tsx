import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { KeyRound, Monitor } from 'lucide-react';
import type { LicenseMachineView, LicenseView } from '#shared/licenses';
import { ApiError } from '#web/api/http';
import { licenseKeys, licensesApi } from '#web/api/licenses';
import { LicenseKey } from '#web/components/licenses/license-key';
import { toast } from '#web/components/shell/toast';
import { Button, buttonClasses } from '#web/components/ui/button';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

const UNNAMED = 'Unnamed machine';
const FREE_FAILED = 'The machine could not be freed. Please try again.';

const machinesInUse = (license: LicenseView) =>
  `${license.machines.length} of ${license.seats} machine${license.seats === 1 ? '' : 's'}`;

/**
 * A purchase's licence keys in the hub: each key with its copy button, how many of its machines
 * are in use, and each machine with a way to free it (to move the licence to another machine).
 */
export function LicenseMachines({ licenses, userId }: { licenses: LicenseView[]; userId: string }) {
  if (licenses.length === 0) return null;
  return (
    <section aria-label="Licence keys" className="space-y-3 border-t border-zinc-800 pt-4">
      {licenses.map((license) => (
        <LicenseBlock key={license.id} license={license} userId={userId} />
      ))}
    </section>
  );
}

function LicenseBlock({ license, userId }: { license: LicenseView; userId: string }) {
  const titleId = `license-${license.id}`;
  return (
    <div aria-labelledby={titleId} role="group" className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={titleId} className="flex items-center gap-1.5 text-sm font-medium text-zinc-200">
          <KeyRound aria-hidden="true" className="size-4 text-brand-300" />
          Licence key
        </h3>
        <LicenseKey licenseKey={license.key} productName={license.product.name} />
      </div>
      {license.revokedAt ? (
        <p className="text-sm text-red-300">
          This key was revoked on {formatDate(license.revokedAt)}.
        </p>
      ) : (
        <>
          <p className="text-sm text-zinc-400">
            Active on <span className="font-medium text-zinc-200">{machinesInUse(license)}</span>
            {license.expiresAt && <> · Valid until {formatDate(license.expiresAt)}</>}
          </p>
          {license.machines.length > 0 && (
            <ul aria-label={`Machines using ${license.key}`} className="divide-y divide-zinc-800">
              {license.machines.map((machine) => (
                <MachineRow key={machine.id} license={license} machine={machine} userId={userId} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function MachineRow({
  license,
  machine,
  userId,
}: {
  license: LicenseView;
  machine: LicenseMachineView;
  userId: string;
}) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const name = machine.name ?? UNNAMED;
  const free = useMutation({
    mutationFn: () => licensesApi.freeMachine(license.id, machine.id),
    onSuccess: async () => {
      toast.success(`${name} is freed`);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: licenseKeys.list(userId) });
    },
  });
  const failure = free.isError
    ? free.error instanceof ApiError
      ? free.error.message
      : FREE_FAILED
    : null;

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 items-start gap-2.5">
        <Monitor aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-zinc-100">{name}</p>
          <p className="mt-0.5 text-xs text-zinc-400">
            First seen <time dateTime={machine.firstSeenAt}>{formatDate(machine.firstSeenAt)}</time>
            <span aria-hidden="true"> · </span>Last seen{' '}
            <time dateTime={machine.lastSeenAt}>{formatDate(machine.lastSeenAt)}</time>
          </p>
        </div>
      </div>
      <AlertDialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) free.reset();
        }}
      >
        <AlertDialog.Trigger asChild>
          <Button variant="secondary" size="sm" aria-label={`Free this machine: ${name}`}>
            Free this machine
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
            <AlertDialog.Title className="text-lg font-semibold text-white">
              Free this machine?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
              <strong className="text-white">{name}</strong> stops using {license.product.name} once
              its offline grace ends, and its seat can be used on another machine. A key can be
              moved between machines a few times a month.
            </AlertDialog.Description>
            {failure && (
              <p role="alert" className="mt-3 text-sm text-red-300">
                {failure}
              </p>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
                Keep It
              </AlertDialog.Cancel>
              <Button variant="danger" disabled={free.isPending} onClick={() => free.mutate()}>
                {free.isPending ? 'Freeing...' : 'Free Machine'}
              </Button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </li>
  );
}
