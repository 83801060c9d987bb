import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Plus } from 'lucide-react';
import { PASSKEY_NAME_MAX_LENGTH, passkeyMessages, passkeyNameError } from '#shared/passkeys';
import { passkeyKeys, passkeysApi } from '#web/api/passkeys';
import { toast } from '#web/components/shell/toast';
import { ErrorAlert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { TextField } from '#web/components/ui/text-field';
import { useHydrated } from '#web/components/ui/use-hydrated';
import { FormMessage } from './auth-card';
import { addPasskey, browserSupportsWebAuthn, passkeyErrorMessage } from './passkey-ceremony';
import { PasskeyRow } from './passkey-row';

/**
 * The account's passkeys on /profile: each with its name, the date it was added and when it last
 * signed in; add one on this device (named first), rename or remove one.
 */
export function PasskeySettings() {
  const passkeys = useQuery({ queryKey: passkeyKeys.all(), queryFn: passkeysApi.list });
  const [adding, setAdding] = useState(false);
  // Asked of the browser only once it has taken the page over.
  const supported = !useHydrated() || browserSupportsWebAuthn();

  return (
    <section
      aria-labelledby="passkeys-heading"
      className="mt-6 rounded-2xl border border-zinc-800 bg-zinc-900/60 p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2
            id="passkeys-heading"
            className="flex items-center gap-2 text-lg font-semibold text-white"
          >
            <KeyRound aria-hidden="true" className="size-5 text-brand-400" />
            Passkeys
          </h2>
          <p className="mt-1 text-sm text-zinc-400">
            Sign in with your fingerprint, face or screen lock instead of a password.
          </p>
        </div>
        {!adding && supported && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add a Passkey
          </Button>
        )}
      </div>

      {!supported && <p className="mt-4 text-sm text-zinc-400">{passkeyMessages.unsupported}</p>}
      {adding && <AddPasskeyForm onDone={() => setAdding(false)} />}

      <div className="mt-5">
        {passkeys.isPending && <Skeleton className="h-16" />}
        {passkeys.isError && <ErrorAlert title="Failed to load your passkeys." />}
        {passkeys.data?.length === 0 && <p className="text-sm text-zinc-400">No passkeys yet.</p>}
        {passkeys.data && passkeys.data.length > 0 && (
          <ul aria-label="Your passkeys" className="divide-y divide-zinc-800">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Names the passkey, then runs the browser's passkey ceremony and stores it. */
function AddPasskeyForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: async () => {
      toast.success('Passkey added');
      onDone();
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.all() });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passkeyNameError(name);
    setNameError(problem);
    if (!problem) add.mutate(name);
  };

  return (
    <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
      {(nameError ?? add.isError) && (
        <FormMessage tone="error">
          {nameError ?? passkeyErrorMessage(add.error, passkeyMessages.addFailed)}
        </FormMessage>
      )}
      <TextField
        label="Passkey name"
        name="passkeyName"
        autoComplete="off"
        autoFocus
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        placeholder="Work laptop"
        hint="Something to tell it apart by, such as the device it is on."
        aria-invalid={nameError ? true : undefined}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Continue'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
