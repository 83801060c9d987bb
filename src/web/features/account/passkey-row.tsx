import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { PASSKEY_NAME_MAX_LENGTH, passkeyNameError, type PasskeySummary } from '#shared/passkeys';
import { passkeyKeys, passkeysApi } from '#web/api/passkeys';
import { toast } from '#web/components/shell/toast';
import { Button, buttonClasses } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/text-field';
import { FormMessage } from './auth-card';
import { authErrorMessage } from './auth-errors';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const UNNAMED = 'Unnamed passkey';

/** One passkey: its name, when it was added and last used; rename it, or remove it. */
export function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const label = passkey.name ?? UNNAMED;

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0">
            <p className="truncate font-medium text-zinc-100">{label}</p>
            <p className="mt-0.5 text-sm text-zinc-400">
              Added <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time>
              <span aria-hidden="true"> · </span>
              {passkey.lastUsedAt ? (
                <>
                  {' '}
                  Last used{' '}
                  <time dateTime={passkey.lastUsedAt}>{formatDate(passkey.lastUsedAt)}</time>
                </>
              ) : (
                ' Never used'
              )}
            </p>
          </div>
          <div className="flex gap-2 max-sm:-ml-3">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Rename ${label}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${label}`}
              onClick={() => setRemoving(true)}
            >
              Remove
            </Button>
          </div>
        </>
      )}
      <RemoveDialog
        passkey={passkey}
        label={label}
        open={removing}
        onClose={() => setRemoving(false)}
      />
    </li>
  );
}

const formatDate = (iso: string) => dateFormat.format(new Date(iso));

function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(passkey.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: (next: string) => passkeysApi.rename(passkey.id, next),
    onSuccess: async () => {
      toast.success('Passkey renamed');
      onDone();
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all() });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameError(name);
    setNameError(problem);
    if (!problem) rename.mutate(name.trim());
  };

  return (
    <form onSubmit={onSubmit} className="w-full space-y-3" noValidate>
      {(nameError ?? rename.isError) && (
        <FormMessage tone="error">
          {nameError ?? authErrorMessage(rename.error, 'The passkey could not be renamed.')}
        </FormMessage>
      )}
      <TextField
        label="New name"
        name="passkeyName"
        autoComplete="off"
        autoFocus
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Asks first; a refusal (the account's last way in) is shown in the dialog. */
function RemoveDialog({
  passkey,
  label,
  open,
  onClose,
}: {
  passkey: PasskeySummary;
  label: string;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id),
    onSuccess: async () => {
      toast.success('Passkey removed');
      onClose();
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all() });
    },
  });
  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-800 bg-zinc-900 p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-white">
            Remove this passkey?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            You will no longer be able to sign in with{' '}
            <strong className="text-white">{label}</strong>. The passkey stays on your device until
            you delete it there.
          </AlertDialog.Description>
          {remove.isError && (
            <div className="mt-4">
              <FormMessage tone="error">
                {authErrorMessage(remove.error, 'The passkey could not be removed.')}
              </FormMessage>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')}>
              Keep It
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Removing...' : 'Remove Passkey'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
