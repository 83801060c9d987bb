import { useState, type FormEvent } from 'react';
import {
  createWebhookSchema,
  webhookEventLabels,
  webhookEventTypes,
  type CreateWebhookInput,
  type WebhookEventType,
} from '#shared/webhooks';
import { Button } from '#web/components/ui/button';
import { Field, WriteFailure } from '../forms/field';
import { useCheckedWrite } from '../forms/use-checked-write';

/**
 * An endpoint's address, description and events: a new one's, or an existing one's changes.
 * The server checks the address again (https and a public address in production).
 */
export function WebhookForm<TResult>({
  initial,
  submitLabel,
  pendingLabel,
  run,
  onSaved,
}: {
  initial?: { url: string; description: string; events: WebhookEventType[] };
  submitLabel: string;
  pendingLabel: string;
  run: (input: CreateWebhookInput) => Promise<TResult>;
  onSaved: (result: TResult) => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(initial?.events ?? []);
  const write = useCheckedWrite(createWebhookSchema, run);

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((now) => (on ? [...now, type] : now.filter((t) => t !== type)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { url, description, events };
    write.submit(input, input, onSaved);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field
        label="Endpoint URL"
        hint="Where the store posts each event, signed with this endpoint's secret."
        errors={write.errors.url}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://example.com/webhooks/loopmarket"
          />
        )}
      </Field>
      <Field label="Description (optional)" errors={write.errors.description}>
        {(control) => (
          <input
            {...control}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <fieldset aria-describedby={write.errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-1.5 block text-sm font-medium text-zinc-200">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm text-zinc-200">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4 accent-brand-500"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
              />
              <span>
                {webhookEventLabels[type]} <code className="text-xs text-zinc-400">{type}</code>
              </span>
            </label>
          ))}
        </div>
        {write.errors.events && (
          <p id="webhook-events-error" className="mt-1.5 text-sm text-red-300">
            {write.errors.events.join(' ')}
          </p>
        )}
      </fieldset>
      <WriteFailure message={write.message} />
      <Button type="submit" disabled={write.isPending}>
        {write.isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
