import { useState, type FormEvent } from 'react';
import {
  API_KEY_LIFETIMES_DAYS,
  API_KEY_SCOPES,
  apiKeyScopeLabels,
  createApiKeySchema,
  type ApiKeyScope,
  type CreatedApiKey,
} from '#shared/api-keys';
import { Button } from '#web/components/ui/button';
import { adminApiKeysApi } from '../api/api-keys';
import { useAdminWrite } from '../api/admin-write';
import { Field, WriteFailure } from '../forms/field';
import { checkInput, writeError, type FieldErrors } from '../forms/form-errors';

/** The owner names a key, ticks its scopes and picks how long it lasts. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [days, setDays] = useState<number>(90);
  const [errors, setErrors] = useState<FieldErrors>({});
  const write = useAdminWrite(adminApiKeysApi.create);
  const failure = write.isError ? writeError(write.error) : null;
  const shown = { ...errors, ...failure?.fields };

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name, scopes, expiresInDays: days };
    const invalid = checkInput(createApiKeySchema, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    write.mutate(input, {
      onSuccess: (created) => {
        setName('');
        setScopes([]);
        onCreated(created);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading" className="text-lg font-semibold text-white">
        New API key
      </h2>
      <Field label="Name" hint="What uses it: “Accounting sync”, say." errors={shown.name}>
        {(control) => (
          <input
            {...control}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset aria-describedby={shown.scopes ? 'scopes-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-200">Scopes</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-500"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span>
                <code className="font-mono text-xs text-zinc-300">{scope}</code>
                <span className="block text-zinc-400">{apiKeyScopeLabels[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {shown.scopes && (
          <p id="scopes-error" className="mt-1.5 text-sm text-red-300">
            {shown.scopes.join(' ')}
          </p>
        )}
      </fieldset>
      <Field label="Expires after" errors={shown.expiresInDays}>
        {(control) => (
          <select
            {...control}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {API_KEY_LIFETIMES_DAYS.map((option) => (
              <option key={option} value={option}>
                {option} days
              </option>
            ))}
          </select>
        )}
      </Field>
      <WriteFailure message={failure?.message ?? null} />
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? 'Creating...' : 'Create key'}
      </Button>
    </form>
  );
}
