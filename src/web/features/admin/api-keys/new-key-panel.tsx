import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { apiKeyMessages, type CreatedApiKey } from '#shared/api-keys';
import { Button } from '#web/components/ui/button';

/** The new key's whole text, this once, with a button that copies it. */
export function NewKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): the key stays selectable to copy by hand.
      setCopied(false);
    }
  };
  return (
    <section
      aria-labelledby="created-key-heading"
      className="space-y-3 rounded-xl border border-brand-500/60 bg-zinc-900 p-5"
    >
      <h2 id="created-key-heading" className="text-lg font-semibold text-white">
        {created.key.name} is ready
      </h2>
      <p className="text-sm text-zinc-300">{apiKeyMessages.shownOnce}</p>
      <code
        aria-label="The new API key"
        className="block rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 font-mono text-sm break-all text-zinc-100 select-all"
      >
        {created.secret}
      </code>
      <p className="text-sm text-zinc-400">
        Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> to the admin
        API (described at <code className="font-mono">/api/openapi.json</code>).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy key'}</span>
        </Button>
        <Button variant="ghost" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </section>
  );
}
