import { campaignStatusLabels, type AdminCampaign } from '#shared/campaigns';

const tones: Record<AdminCampaign['status'], string> = {
  draft: 'bg-zinc-800 text-zinc-200',
  queued: 'bg-amber-500/15 text-amber-200',
  sending: 'bg-amber-500/15 text-amber-200',
  sent: 'bg-emerald-500/15 text-emerald-200',
  failed: 'bg-red-500/15 text-red-200',
};

export function CampaignStatus({ status }: { status: AdminCampaign['status'] }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[status]}`}
    >
      {campaignStatusLabels[status]}
    </span>
  );
}

/** Queued, sent, failed and unsubscribed, as figures the owner watches while a campaign goes out. */
export function CampaignCounts({ counts }: { counts: AdminCampaign['counts'] }) {
  const figures = [
    ['Queued', counts.queued],
    ['Sent', counts.sent],
    ['Failed', counts.failed],
    ['Unsubscribed', counts.unsubscribed],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4">
          <dt className="text-xs tracking-wide text-zinc-400 uppercase">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-white tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
