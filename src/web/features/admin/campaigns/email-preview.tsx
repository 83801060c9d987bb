import type { CampaignPreview } from '#shared/campaigns';

/**
 * The e-mail as the server rendered it (its Markdown through the store's one renderer), in a
 * sandboxed frame: no script runs and nothing in it reaches the admin's page.
 */
export function EmailPreview({ preview }: { preview: CampaignPreview }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-zinc-300">
        <span className="text-zinc-400">Subject:</span>{' '}
        <span className="font-medium text-white">{preview.subject}</span>
      </p>
      <iframe
        title={`E-mail preview: ${preview.subject}`}
        sandbox=""
        srcDoc={preview.html}
        className="h-[32rem] w-full rounded-xl border border-zinc-800 bg-white"
      />
    </div>
  );
}
