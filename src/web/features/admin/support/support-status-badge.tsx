import { supportStatusLabels, type SupportStatus } from '#shared/support-status';

const statusClasses: Record<SupportStatus, string> = {
  open: 'bg-amber-500/15 text-amber-200',
  answered: 'bg-emerald-500/15 text-emerald-300',
  closed: 'bg-zinc-700/60 text-zinc-300',
};

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClasses[status]}`}
    >
      {supportStatusLabels[status]}
    </span>
  );
}
