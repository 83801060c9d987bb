import { useState } from 'react';
import { Check, Copy } from 'lucide-react';

/**
 * A licence key as a buyer reads it (monospace, selectable) with a button that copies it: the
 * download hub, the order page and the guest order page show keys this way.
 */
export function LicenseKey({
  licenseKey,
  productName,
}: {
  licenseKey: string;
  productName: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(licenseKey);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure origin, a refusal): the key stays selectable to copy by hand.
      setCopied(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code
        className="rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1 font-mono text-sm tracking-wider text-zinc-100 select-all"
        aria-label={`Licence key for ${productName}`}
      >
        {licenseKey}
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex items-center gap-1 rounded-md border border-zinc-700 px-2 py-1 text-xs font-medium text-zinc-200 hover:bg-zinc-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
        aria-label={`Copy licence key for ${productName}`}
      >
        {copied ? (
          <Check aria-hidden="true" className="size-3.5" />
        ) : (
          <Copy aria-hidden="true" className="size-3.5" />
        )}
        <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      </button>
    </span>
  );
}
